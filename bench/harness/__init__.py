"""What every benchmark shares: the throwaway console (`stack`), the lean load client (`http_load`) and the
figures' helpers (`figures`: percentiles, the machine and its load)."""
