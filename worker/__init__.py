"""The Temporal worker process: every workflow and activity of the console on its task queues."""
