"""The local sandbox: the real bot against a loopback stand-in for Discord (``sandbox.fake``),
with a web page on 127.0.0.1 to play it (see docs/sandbox.md)."""
