"""Robustness tests (issue 7): quick versions of the soak, monkey, fuzz, hostile-file and kill runs."""
