"""Security benchmark: what attacks and careless clients cost the console (`python -m bench.security`)."""
