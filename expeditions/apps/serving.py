"""How the apps are served: where the packaged notebooks are, the Voila settings shipped with them and the
address a server listens on (this module imports nothing of Jupyter: ``expeditions --help`` works without it).

Voila starts one kernel (one Python process, 60–85 MB) for every page load and, left to itself, keeps it
after the page has gone. The settings shipped in ``voila.json`` (read by ``voila_arguments``, so by the
``expeditions`` command and ``make app``, ``make learn``, ``make explorer``):

- ``MappingKernelManager.cull_idle_timeout`` / ``cull_interval``: a kernel whose page has gone (no
  connection) and that has been idle for two minutes is shut down, checked every 30 s;
- ``LimitedKernelManager.max_kernels`` (``kernels``): at most 16 kernels at a time; a page load beyond that is answered
  "503: the apps are busy" in words instead of starting one more process;
- a token: required whenever the server listens beyond this machine (``Address``).
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import socket
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import ArgumentError

LOCAL = "127.0.0.1"


def notebooks_dir() -> Path:
    """The packaged notebooks: inside the installed package, or ``notebooks/`` beside it in a checkout."""
    packaged = resources.files("expeditions") / "notebooks"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent.parent / "notebooks"


def voila_config_dir() -> Path:
    """The folder of the shipped ``voila.json``."""
    return Path(__file__).resolve().parent


def voila_settings() -> dict[str, Any]:
    """The shipped Voila settings (``voila.json``), as a dictionary of configurable classes."""
    settings: dict[str, Any] = json.loads((voila_config_dir() / "voila.json").read_text(encoding="utf-8"))
    return settings


@dataclass(frozen=True)
class Address:
    """Where a server listens: ``ip`` and ``port``, and the ``token`` a visitor must bring ("" for none)."""

    ip: str
    port: int
    token: str
    base_url: str = "/"
    """The path the server answers under ("/", or "/cards/" behind a proxy that forwards that path)."""

    @classmethod
    def of(cls, ip: str = LOCAL, port: int | None = None, token: str | None = None, *, first_port: int = 8866,
           always_token: bool = False, base_url: str = "/") -> Address:
        """The address for ``ip`` (this machine only by default) and ``port`` (the first free one from
        ``first_port`` when not given). Beyond this machine (or ``always_token``: a server that runs any code it
        is sent, as JupyterLab does) a token is required: ``token``, or a new random one; otherwise there is none
        unless one is given."""
        try:
            local = ipaddress.ip_address(ip).is_loopback
        except ValueError:
            if ip != "localhost":
                raise ArgumentError(f"--ip takes an IP address (127.0.0.1 for this machine only, 0.0.0.0 for every "
                                    f"network it is on) or 'localhost', not {ip!r}") from None
            local = True
        if port is not None and not 0 < port < 65536:
            raise ArgumentError(f"--port takes a port number from 1 to 65535, not {port}")
        needs_token = always_token or not local
        if token is None:
            token = secrets.token_urlsafe(18) if needs_token else ""
        elif needs_token and not token:
            raise ArgumentError("this server needs a token (it listens beyond this machine, or runs any code it is sent): "
                                "give --token, or leave it out for a random one")
        if not base_url.startswith("/") or any(c in base_url for c in "?#\\ "):
            raise ArgumentError(f"--base-url takes a path that starts with /, like /cards/, not {base_url!r}")
        path = base_url if base_url.endswith("/") else base_url + "/"
        return cls(ip, port if port is not None else free_port(ip, first_port), token, path)

    @property
    def local(self) -> bool:
        return self.ip == "localhost" or ipaddress.ip_address(self.ip).is_loopback

    def url(self, path: str = "") -> str:
        """The address to open in a browser, with the token when there is one."""
        host = self.ip if self.local or self.ip not in ("0.0.0.0", "::") else socket.gethostname()
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}{self.base_url}{path}" + (f"?token={self.token}" if self.token else "")


def free_port(ip: str, first: int, tries: int = 50) -> int:
    """The first port from ``first`` that nothing listens on at ``ip``."""
    for port in range(first, first + tries):
        with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
            try:
                s.bind((ip, port))
            except OSError:
                continue
            return port
    raise ArgumentError(f"ports {first} to {first + tries - 1} are all taken on {ip}: give a --port")


def voila_arguments(notebook: Path, address: Address, *, browser: bool) -> list[str]:
    """Voila's command line for serving ``notebook`` at ``address`` with the shipped settings (``voila.json``)."""
    return [str(notebook), f"--Voila.ip={address.ip}", f"--port={address.port}", f"--Voila.open_browser={browser}",
            f"--Voila.config_file_paths={voila_config_dir()}", f"--Voila.token={address.token}",
            f"--Voila.base_url={address.base_url}"]
