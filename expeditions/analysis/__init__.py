"""Analysis: expected values, strategy tips, batch simulation and tournaments.

Long computations take a ``concurrent.futures``-style executor (see ``parallel``).
"""

from .parallel import chunks, default_workers, parallel_map

__all__ = ["chunks", "default_workers", "parallel_map"]
