"""A real JupyterHub, and a JupyterLab with a ``base_url`` behind a reverse proxy, for the tests
of a class reached through the Jupyter server (issue 30) and ``benchmarks/hub_latency.py``.

- :class:`Hub`: JupyterHub on 127.0.0.1 and free ports, with ``configurable-http-proxy`` (npm,
  ``tests/hub/package.json``) as its public door, the dummy authenticator (any password),
  ``SimpleLocalProcessSpawner`` and its sqlite file, cookie secret and every user's home and
  Jupyter folders inside one temporary folder.
- :class:`BaseUrlLab` and :class:`Proxy`: a JupyterLab under ``/skole/lab/`` with token login,
  and the proxy in front of it.

Each runs in a process group of its own and is stopped with everything it started (the hub's
proxy and single-user servers, their kernels), as ``tests/browser/harness.py`` does for its
servers.
"""

from __future__ import annotations

import json
import os
import secrets
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
for folder in (TESTS / "browser", TESTS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from harness import (  # noqa: E402
    REPO,
    JupyterLab,
    Server,
    ServerExited,
    find_chromium,
    free_port,
)

#: The proxy JupyterHub runs in front of itself (``make test`` installs it: ``npm ci`` here).
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
BIN = Path(sys.executable).parent
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

#: The teacher's JupyterLab: no news, no language servers, the app reachable from tests.
LAB_OPTIONS = [
    "--LabApp.news_url=None",
    "--LanguageServerManager.autodetect=False",
    "--LabApp.expose_app_in_browser=True",
]
#: The folders of a Jupyter user, each inside the user's own folder.
USER_DIRS = {
    "XDG_CONFIG_HOME": ".config",
    "XDG_CACHE_HOME": ".cache",
    "XDG_STATE_HOME": ".local/state",
    "XDG_DATA_HOME": ".local/share",
    "JUPYTER_CONFIG_DIR": ".jupyter",
    "JUPYTER_DATA_DIR": ".local/share/jupyter",
    "JUPYTER_RUNTIME_DIR": ".local/share/jupyter/runtime",
    "JUPYTERLAB_SETTINGS_DIR": ".jupyter/lab/user-settings",
    "JUPYTERLAB_WORKSPACES_DIR": ".jupyter/lab/workspaces",
    "IPYTHONDIR": ".ipython",
}


def quiet_lab_settings(settings: Path) -> None:
    """No "get notified about Jupyter news?" toast (it covers the page)."""
    folder = settings / "@jupyterlab" / "apputils-extension"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )


class Hub(Server):
    """JupyterHub with its proxy; users log in with any password and get a JupyterLab of their
    own (``/user/<name>/``), run as this process's user, at home in ``<base>/users/<name>``;
    ``user``'s Jupyter folders are in that home (the hub passes the same settings to every
    user's server, so one user is the teacher these tests need).

    ``token``: a service's API token with the rights to start users' servers and to make
    tokens (what a test uses instead of a browser where it needs no page)."""

    name = "jupyterhub"
    ready_path = "/hub/api"

    def __init__(self, base: Path, user: str = "teacher"):
        super().__init__(base)
        self.user = user
        self.hub_port = free_port()
        self.api_port = free_port()
        self.token = secrets.token_hex(24)
        self.users = self.base / "users"

    def home(self, user: str) -> Path:
        return self.users / user

    def runtime_of(self, user: str) -> Path:
        return self.home(user) / USER_DIRS["JUPYTER_RUNTIME_DIR"]

    def user_environment(self) -> dict[str, str]:
        """Every Jupyter folder of ``user`` inside their home."""
        home = str(self.home(self.user))
        env = {key: f"{home}/{sub}" for key, sub in USER_DIRS.items()}
        # The kernel imports this checkout's borsen_widget, installed or not.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
        return env

    def prepare(self) -> None:
        if not PROXY.exists():
            raise RuntimeError(f"no {PROXY}: run `cd tests/hub && npm ci` (make test does)")
        self.users.mkdir(parents=True, exist_ok=True)
        config = {
            "JupyterHub.ip": "127.0.0.1",
            "JupyterHub.port": self.port,
            "JupyterHub.hub_ip": "127.0.0.1",
            "JupyterHub.hub_port": self.hub_port,
            "JupyterHub.db_url": f"sqlite:///{self.base / 'jupyterhub.sqlite'}",
            "JupyterHub.cookie_secret_file": str(self.base / "jupyterhub_cookie_secret"),
            "JupyterHub.authenticator_class": "dummy",
            "JupyterHub.spawner_class": "simple",
            "JupyterHub.cleanup_servers": True,
            "JupyterHub.services": [{"name": "tests", "api_token": self.token}],
            "JupyterHub.load_roles": [
                {
                    "name": "tests",
                    "scopes": ["admin:users", "admin:servers", "tokens", "access:servers"],
                    "services": ["tests"],
                }
            ],
            "Authenticator.allow_all": True,
            "ConfigurableHTTPProxy.command": [str(PROXY)],
            "ConfigurableHTTPProxy.api_url": f"http://127.0.0.1:{self.api_port}",
            "ConfigurableHTTPProxy.pid_file": str(self.base / "proxy.pid"),
            "SimpleLocalProcessSpawner.home_dir_template": str(self.users / "{username}"),
            "Spawner.cmd": [str(BIN / "jupyterhub-singleuser")],
            "Spawner.args": [*(["--allow-root"] if IS_ROOT else []), *LAB_OPTIONS],
            "Spawner.default_url": "/lab",
            "Spawner.environment": self.user_environment(),
            "Spawner.start_timeout": 60,
            "Spawner.http_timeout": 60,
        }
        lines = [f"c.{key} = {value!r}" for key, value in config.items()]
        (self.base / "jupyterhub_config.py").write_text("\n".join(lines) + "\n")

    def command(self) -> list[str]:
        return [str(BIN / "jupyterhub"), "-f", str(self.base / "jupyterhub_config.py")]

    def api(self, path: str, method: str = "GET", body: dict | None = None, token: str = ""):
        """The hub's REST API (``/hub/api``) with the service's token, or ``token``."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.url}/hub/api{path}",
            data=data,
            method=method,
            headers={"Authorization": f"token {token or self.token}"},
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            text = r.read()
        return json.loads(text) if text else None

    def start_server(self, user: str, timeout: float = 60) -> None:
        """Make ``user`` and start their server (as their login would); quiet JupyterLab's
        news toast in their settings first."""
        quiet_lab_settings(self.home(user) / USER_DIRS["JUPYTERLAB_SETTINGS_DIR"])
        try:
            self.api(f"/users/{user}", method="POST")
        except urllib.error.HTTPError as error:
            if error.code != 409:  # 409: the user exists already
                raise
        try:
            self.api(f"/users/{user}/server", method="POST", body={})
        except urllib.error.HTTPError as error:
            if error.code != 400:  # 400: already running
                raise
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.api(f"/users/{user}")["servers"].get("", {}).get("ready"):
                return
            time.sleep(0.3)
        raise RuntimeError(f"{user}'s server did not start within {timeout} s; see {self.log_path}")

    def user_token(self, user: str) -> str:
        """A new API token of ``user``'s (it reaches their own server, as their browser does)."""
        return self.api(f"/users/{user}/tokens", method="POST", body={"note": "tests"})["token"]


class BaseUrlLab(JupyterLab):
    """JupyterLab under ``base_url`` with token login on (``token``), set up as a Jupyter
    server behind a reverse proxy should be: it takes each phone's address from the proxy's
    ``X-Forwarded-For`` (``trust_xheaders``), not the proxy's own."""

    name = "jupyterlab-base-url"

    def __init__(self, base: Path, base_url: str = "/skole/lab/"):
        super().__init__(base)
        self.base_url = base_url
        self.token = secrets.token_hex(24)
        self.ready_path = f"{base_url}api"

    def command(self) -> list[str]:
        command = super().command()
        command.remove("--IdentityProvider.token=")
        return [
            *command,
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.base_url={self.base_url}",
            "--ServerApp.trust_xheaders=True",
        ]


class Proxy(Server):
    """``configurable-http-proxy`` on 127.0.0.1 in front of ``target`` (every path to it): the
    one public door, as a school's reverse proxy is; with ``tls`` (a certificate and its key,
    :func:`self_signed`) it answers https only, as a school's door does."""

    name = "proxy"

    def __init__(
        self, base: Path, target: str, ready_path: str = "/", tls: tuple[Path, Path] | None = None
    ):
        super().__init__(base)
        self.target = target
        self.ready_path = ready_path
        self.api_port = free_port()
        self.tls = tls
        if tls is not None:
            self.url = self.url.replace("http://", "https://")

    def env(self) -> dict:
        env = super().env()
        env["CONFIGPROXY_AUTH_TOKEN"] = secrets.token_hex(16)
        return env

    def command(self) -> list[str]:
        tls = [] if self.tls is None else [f"--ssl-cert={self.tls[0]}", f"--ssl-key={self.tls[1]}"]
        return [
            str(PROXY),
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--api-ip=127.0.0.1",
            f"--api-port={self.api_port}",
            f"--default-target={self.target}",
            "--log-level=warn",
            *tls,
        ]

    def _start(self, timeout: float):
        if self.tls is None:
            return super()._start(timeout)
        # Ready when it answers https with this certificate (Server's check knows plain http).
        self.url = f"https://127.0.0.1:{self.port}"
        context = ssl.create_default_context(cafile=str(self.tls[0]))
        env = self.env()
        log = open(self.log_path, "ab")  # noqa: SIM115 - kept open for the proxy's life
        self.proc = subprocess.Popen(
            self.command(), env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServerExited(f"the proxy exited at start; see {self.log_path}")
            try:
                url = f"{self.url}{self.ready_path}"
                with urllib.request.urlopen(url, timeout=2, context=context) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the proxy did not answer within {timeout} s; see {self.log_path}")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by itself, and its key (PEM files in ``folder``): the
    https of a school's door, on this machine. (``cryptography`` comes with JupyterHub.)"""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "door.crt", folder / "door.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


__all__ = [
    "IS_ROOT",
    "PROXY",
    "BaseUrlLab",
    "Hub",
    "Proxy",
    "find_chromium",
    "free_port",
    "self_signed",
]
