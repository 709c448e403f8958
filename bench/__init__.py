"""Reproducible benchmarks: `python -m bench.<name>`; verdicts in bench/RESULTS.md, runs in bench/<name>/HISTORY.md."""
