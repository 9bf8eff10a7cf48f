"""A kernel manager for Voila with a limit on the kernels it runs at a time (named in ``voila.json``)."""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from tornado import web
from traitlets import Integer


class LimitedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a limit: at most ``max_kernels`` kernels at a time (those starting count)."""

    max_kernels = Integer(16, config=True, help="The most kernels (visitors) served at a time; 0 for no limit.")

    _starting = 0
    """Kernels being started now (not listed yet)."""

    async def start_kernel(self, *, kernel_id: str | None = None, path: ApiPath | None = None, **kwargs: Any) -> str:  # type: ignore[override]
        new = kernel_id is None or kernel_id not in self
        if new and self.max_kernels and len(self.list_kernel_ids()) + self._starting >= self.max_kernels:
            raise web.HTTPError(503, reason=f"The apps are busy: {self.max_kernels} visitors are being served, as many "
                                            "as this server takes. Please try again in a few minutes.")
        self._starting += new
        try:
            started: str = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting -= new
        return started
