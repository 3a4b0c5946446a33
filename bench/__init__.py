"""The benchmarks (make bench runs each script; modules starting with _ are their shared parts)."""
