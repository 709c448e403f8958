"""Reproducible benchmarks: `python -m bench.<name>`; results in bench/RESULTS.md."""
