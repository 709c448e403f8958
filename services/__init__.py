"""The service layer: one module (file or package) per module name, holding its statements, transactions, flow
client calls and reads that need no HTTP. Imported by api/ and activities/; imports neither of them nor
workflows/ (docs/architecture.md)."""
