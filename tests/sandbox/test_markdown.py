"""The page draws a message's Markdown as Discord does (``sandbox/static/render.js``, run by
Node): a masked link needs an http(s) URL; a jump URL into Discord becomes a link to its
channel inside the page, labelled with the link's words (`/game history`'s final boards)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

RENDER = Path(__file__).parents[2] / "sandbox" / "static" / "render.js"
NODE = shutil.which("node")


def markdown(text: str) -> str:
    script = (
        "const fs = await import('node:fs');"
        f"const src = fs.readFileSync({json.dumps(str(RENDER))}, 'utf8');"
        "const m = await import('data:text/javascript,' + encodeURIComponent(src));"
        "const ctx = {users: {}, meId: '0', channelName: (id) => id === '22' ? 'general' : ''};"
        f"process.stdout.write(m.markdown({json.dumps(text)}, ctx));"
    )
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_masked_links_render_as_discord_renders_them() -> None:
    jump = markdown("#1 · [final board](https://discord.com/channels/11/22/33) · `/game replay`")
    assert "[final board]" not in jump and "](" not in jump, jump
    assert 'data-channel="22"' in jump and ">final board</a>" in jump
    other = markdown("[rules](https://example.com/rules)")
    assert ">rules</a>" in other and "[rules]" not in other
    # Discord leaves a masked link without an http(s) URL as typed, and so does the page.
    raw = markdown("[final board](<#22>)")
    assert "[final board](" in raw
