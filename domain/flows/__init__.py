"""Each flow's contract: its inputs and outputs, its workflow name, its Update and signal names and its id
function, one module per module name. The API, services, the workflow and its activities all import it
downward; it imports nothing above domain."""
