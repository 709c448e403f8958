"""The console HTTP API under /cms/."""
