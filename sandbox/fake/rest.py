"""The fake REST API (v10): plumbing, message validation and storage, and the routes for
identity, application commands and guilds."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from aiohttp import BodyPartReader, web

from .basics import (
    EPHEMERAL,
    HAS_THREAD,
    LOADING,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Json,
    P,
    iso_now,
    snowflake,
)
from .gateway import Gateway
from .model import Channel, Guild, Message, mentioned
from .ratelimits import Verdict
from .users import FakeUser
from .wire import (
    _TOKEN_IN_PATH,
    DiscordHTTPError,
    Rejection,
    RequestRecord,
    Sent,
    _parse_json,
    _summary,
    form_error,
    json_response,
    log,
)

ATTACHMENT_DESCRIPTION = 1024
"""The characters of an attachment's ``description`` (its alt text) Discord takes."""


class Rest(Gateway):
    """REST plumbing (routing, bodies, errors), payload helpers and the routes for identity,
    commands and guilds."""

    async def _read_body(self, request: web.Request, record: RequestRecord) -> None:
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/"):
            reader = await request.multipart()
            too_big: str | None = None
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                chunks = []
                size = 0
                while True:
                    chunk = await part.read_chunk(65536)
                    if not chunk:
                        break
                    size += len(chunk)
                    if name.startswith("files[") and size > self.attachment_size_limit:
                        too_big = part.filename or name
                        continue  # drain, keep nothing
                    chunks.append(chunk)
                data = b"".join(chunks)
                if name == "payload_json":
                    record.body = _parse_json(data)
                elif name.startswith("files["):
                    record.files.append((part.filename or name, data))
            if too_big is not None:
                raise DiscordHTTPError(413, 40005, "Request entity too large")
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                record.body = _parse_json(raw)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        """The single REST dispatch: route, authorize, rate-limit, read the body, handle."""
        self._in_flight += 1
        self._touch()
        path = "/" + request.match_info["tail"]
        auth = request.headers.get("Authorization")
        record = RequestRecord(
            method=request.method,
            path=path.rstrip("/") or "/",
            query=dict(request.query),
            body=None,
            files=[],
            authorized=auth is not None,
        )
        if self.record:
            self.requests.append(record)
        limit_headers: dict[str, str] = {}  # X-RateLimit-*: on errors of the route too
        scope: str | None = None  # of a 429
        try:
            banned = self.limiter.banned(request.method, record.path)
            if banned is not None:
                scope = "cloudflare"
                return await self._rate_limited(request, record, banned)
            for method, pattern, handler, needs_auth in self._routes:
                match = pattern.fullmatch(path)
                if match is None or method != request.method:
                    continue
                if needs_auth and auth != f"Bot {self.token}":
                    raise DiscordHTTPError(401, 0, "401: Unauthorized")
                verdict = self.limiter.admit(request.method, record.path, auth)
                if verdict.hit is not None:
                    scope = verdict.hit.scope
                    return await self._rate_limited(request, record, verdict)
                limit_headers = verdict.headers
                await self._read_body(request, record)
                result = await handler(record, *match.groups())
                record.status = 204 if result is None else 200
                record.response = result
                if result is None:
                    return web.Response(status=204, headers=limit_headers)
                return json_response(result, headers=limit_headers)
            self.unknown_routes.append((request.method, record.path))
            log.error("fake Discord: unknown route %s %s", request.method, record.path)
            raise DiscordHTTPError(
                404, 0, f"404: Not Found (fake Discord has no {request.method} {path})"
            )
        except DiscordHTTPError as err:
            record.status = err.status
            record.response = err.body()
            self.rejections.append(
                Rejection(
                    request.method, record.path, err.status, err.code, err.message, err.errors
                )
            )
            return json_response(err.body(), status=err.status, headers=limit_headers)
        except ConnectionResetError:
            # The client went away in the middle of its request (a bot process killed while
            # uploading a board): nobody is left to answer, and the fake did nothing wrong.
            record.status = 400
            return web.Response(status=400)
        except Exception as exc:
            # A bug in the fake (or a body it cannot parse): fail the test at teardown, and
            # answer 400 rather than 5xx, which discord.py would retry with back-off.
            log.exception("fake Discord: internal error on %s %s", request.method, record.path)
            self.internal_errors.append(f"{request.method} {record.path}: {exc!r}")
            record.status = 400
            return json_response({"message": f"fake Discord error: {exc!r}", "code": 0}, 400)
        finally:
            self.limiter.note_status(record.status, scope)
            self._in_flight -= 1
            self._touch()
            if self.record or self.echo:
                path = _TOKEN_IN_PATH.sub(r"\1<token>", record.path)
                self._note(f"bot {record.method} {path} -> {record.status}{_summary(record)}")

    async def _rate_limited(
        self, request: web.Request, record: RequestRecord, verdict: Verdict
    ) -> web.Response:
        """The 429 of a request over a limit. It has no effect: its body is read only so that
        the record shows what was refused. Not a rejection (those are the route's own 4xx):
        the hit is in ``rate_limited``."""
        with contextlib.suppress(DiscordHTTPError):
            await self._read_body(request, record)
        record.status = 429
        body = verdict.body
        if isinstance(body, str):  # Cloudflare's ban: a text page, no Via
            record.response = body
            return web.Response(status=429, text=body, headers=verdict.headers)
        record.response = body
        return json_response(body, status=429, headers=verdict.headers)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        att = self.attachments.get(int(request.match_info["aid"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"}
        )

    # ------------------------------------------------------------------ payload helpers

    def _store_files(
        self, channel: Channel, files: list[tuple[str, bytes]], meta: list[Json]
    ) -> list[Attachment]:
        out = []
        by_index = {}
        for m in meta:
            with contextlib.suppress(TypeError, ValueError):
                by_index[int(m.get("id"))] = m  # type: ignore[arg-type]
        for i, (filename, data) in enumerate(files):
            info = by_index.get(i, {})
            aid = snowflake()
            name = str(info.get("filename") or filename)
            att = Attachment(
                id=aid,
                filename=name,
                data=data,
                url=f"{self.base_url}/attachments/{channel.id}/{aid}/{name}",
                description=info.get("description"),
            )
            self.attachments[aid] = att
            out.append(att)
        return out

    def _validate_message(
        self, data: Json, files: list[tuple[str, bytes]], prefix: list[str | int]
    ) -> None:
        content = data.get("content")
        if content is not None and len(str(content)) > 2000:
            raise form_error(
                [*prefix, "content"], "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length."
            )
        if len(data.get("embeds") or []) > 10:
            raise form_error(
                [*prefix, "embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."
            )
        if len(files) > 10:
            raise DiscordHTTPError(
                400, 30015, "Maximum number of attachments in a message reached (10)"
            )
        for i, meta in enumerate(data.get("attachments") or []):
            said = meta.get("description") if isinstance(meta, dict) else None
            if said is not None and len(str(said)) > ATTACHMENT_DESCRIPTION:
                raise form_error(
                    [*prefix, "attachments", i, "description"],
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {ATTACHMENT_DESCRIPTION} or fewer in length.",
                )
        components = data.get("components") or []
        v2 = bool(int(data.get("flags") or 0) & (1 << 15))
        if not v2 and len(components) > 5:
            raise form_error(
                [*prefix, "components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."
            )
        seen: set[str] = set()
        self._validate_components(components, [*prefix, "components"], seen, top=not v2)

    def _validate_components(
        self, comps: list[Json], path: list[str | int], seen: set[str], top: bool
    ) -> None:
        for i, comp in enumerate(comps):
            here = [*path, i]
            ctype = comp.get("type")
            if "custom_id" in comp:
                cid = str(comp["custom_id"])
                if not 1 <= len(cid) <= 100:
                    raise form_error(
                        [*here, "custom_id"],
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )
                if cid in seen:
                    raise form_error(
                        [*here, "custom_id"],
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                seen.add(cid)
            if ctype == 2 and len(str(comp.get("label") or "")) > 80:
                raise form_error(
                    [*here, "label"], "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length."
                )
            if ctype == 3 and not 1 <= len(comp.get("options") or []) <= 25:
                raise form_error(
                    [*here, "options"],
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                )
            if ctype == 1 and top:
                children = comp.get("components") or []
                if len(children) > 5 or (
                    len(children) > 1 and any(c.get("type") != 2 for c in children)
                ):
                    raise form_error(
                        [*here, "components"],
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "The specified component exceeds the maximum width",
                    )
            if isinstance(comp.get("components"), list):
                self._validate_components(
                    comp["components"], [*here, "components"], seen, top=False
                )
            for key in ("component", "accessory"):
                if isinstance(comp.get(key), dict):
                    self._validate_components([comp[key]], [*here, key], seen, top=False)

    def _new_message(
        self,
        channel: Channel,
        author: FakeUser,
        data: Json,
        files: list[tuple[str, bytes]],
        *,
        visible_to: int | None = None,
        mtype: int = 0,
        interaction: Json | None = None,
    ) -> Message:
        flags = int(data.get("flags") or 0)
        if visible_to is not None:
            flags |= EPHEMERAL
        silent = bool(flags & SUPPRESS_NOTIFICATIONS)
        flags &= ~SUPPRESS_NOTIFICATIONS  # request-only
        msg = Message(
            id=snowflake(),
            channel=channel,
            author=author,
            content=str(data.get("content") or ""),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=self._store_files(channel, files, list(data.get("attachments") or [])),
            flags=flags,
            type=mtype,
            visible_to=visible_to,
            interaction=interaction,
            reference=data.get("message_reference"),
            silent=silent,
        )
        channel.messages.append(msg)
        if channel.is_thread and channel.archived and not channel.locked:
            channel.archived = False
        if author is self.bot and not msg.loading:  # a "thinking…" message counts when filled
            if channel.guild is not None and visible_to is None:
                msg.pinged = mentioned(msg.content, data.get("allowed_mentions"))
            self._sent("new", msg, files, msg.pinged)
        return msg

    def _sent(
        self, kind: str, msg: Message, files: list[tuple[str, bytes]], pinged: tuple[int, ...]
    ) -> None:
        if self.record:
            uploads = tuple((name, len(data)) for name, data in files)
            self.sent.append(Sent(kind, msg, uploads, pinged))

    def _apply_edit(self, msg: Message, data: Json, files: list[tuple[str, bytes]]) -> None:
        self._validate_message(data, files, [])
        filled = msg.loading  # a deferred "thinking" message gets its content: as if new
        if "content" in data:
            msg.content = str(data["content"] or "")
        if "embeds" in data:
            msg.embeds = list(data["embeds"] or [])
        if "components" in data:
            msg.components = list(data["components"] or [])
        if "attachments" in data:
            keep_ids = set()
            new_meta = []
            existing = {a.id: a for a in msg.attachments}
            for a in data["attachments"] or []:
                aid = int(a["id"])
                if aid in existing:
                    keep_ids.add(aid)
                else:
                    new_meta.append(a)
            msg.attachments = [a for a in msg.attachments if a.id in keep_ids]
            msg.attachments += self._store_files(msg.channel, files, new_meta)
        elif files:
            msg.attachments += self._store_files(msg.channel, files, [])
        if "flags" in data and data["flags"] is not None:
            keep = msg.flags & (EPHEMERAL | HAS_THREAD)
            msg.flags = keep | (int(data["flags"]) & ~(EPHEMERAL | LOADING))
        msg.flags &= ~LOADING
        msg.edited_at = iso_now()
        pinged: tuple[int, ...] = ()
        if filled and msg.channel.guild is not None and msg.visible_to is None:
            pinged = msg.pinged = mentioned(msg.content, data.get("allowed_mentions"))
        self._sent("new" if filled else "edit", msg, files, pinged)

    def _channel_or_404(self, channel_id: str) -> Channel:
        chan = self.channel_by_id(int(channel_id))
        if chan is None:
            raise DiscordHTTPError(404, 10003, "Unknown Channel")
        return chan

    def _message_or_404(self, chan: Channel, message_id: str) -> Message:
        msg = self.message_by_id(chan, int(message_id))
        if msg is None or msg.visible_to is not None:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return msg

    def _bot_perms(self, chan: Channel) -> int:
        if chan.guild is None:
            return P.all().value
        return chan.guild.permissions(self.bot.id, chan)

    def _require(self, chan: Channel, **perms: bool) -> None:
        have = self._bot_perms(chan)
        if not have & P(view_channel=True).value:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        need = P(**perms).value
        if have & need != need:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")

    def _check_app(self, app_id: str) -> None:
        if int(app_id) != self.application_id:
            raise DiscordHTTPError(404, 10002, "Unknown Application")

    # ------------------------------------------------------------------ REST: identity

    async def r_get_me(self, rec: RequestRecord) -> Json:
        return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}

    async def r_gateway(self, rec: RequestRecord) -> Json:
        return {"url": self.gateway_url.rstrip("/")}

    async def r_gateway_bot(self, rec: RequestRecord) -> Json:
        return {
            "url": self.gateway_url.rstrip("/"),
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def r_application(self, rec: RequestRecord) -> Json:
        return {
            "id": str(self.application_id),
            "name": self.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "interactions_endpoint_url": None,
            "bot": self.bot.payload(),
            "summary": "",
            "terms_of_service_url": None,
            "privacy_policy_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    async def r_get_user(self, rec: RequestRecord, user_id: str) -> Json:
        user = self.users_by_id.get(int(user_id))
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return user.payload()

    # ------------------------------------------------------------------ REST: commands

    def _store_commands(self, body: Any, guild: Guild | None) -> list[Json]:
        if not isinstance(body, list):
            raise form_error([], "BASE_TYPE_REQUIRED", "This field is required")
        if len([c for c in body if c.get("type", 1) == 1]) > 100:
            raise DiscordHTTPError(
                400, 30032, "Maximum number of application commands reached (100)"
            )
        out = []
        for i, cmd in enumerate(body):
            name = str(cmd.get("name", ""))
            if not re.fullmatch(r"[-_\w]{1,32}", name) or (
                cmd.get("type", 1) == 1 and name != name.lower()
            ):
                raise form_error(
                    [i, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
                )
            stored = {
                **cmd,
                "id": str(snowflake()),
                "application_id": str(self.application_id),
                "version": str(snowflake()),
                "type": cmd.get("type", 1),
            }
            if guild is not None:
                stored["guild_id"] = str(guild.id)
            out.append(stored)
        target = guild.commands if guild is not None else self.commands
        target.clear()
        for c in out:
            target[f"{c['type']}:{c['name']}"] = c
        if guild is None:
            self.all_commands = out
        self._observe("commands")
        return out

    async def r_put_commands(self, rec: RequestRecord, app_id: str) -> list[Json]:
        self._check_app(app_id)
        return self._store_commands(rec.body, None)

    async def r_get_commands(self, rec: RequestRecord, app_id: str) -> list[Json]:
        self._check_app(app_id)
        return list(self.commands.values())

    async def r_post_command(self, rec: RequestRecord, app_id: str) -> Json:
        self._check_app(app_id)
        body = rec.body
        current = [
            c
            for c in self.commands.values()
            if c["name"] != body.get("name") or c["type"] != body.get("type", 1)
        ]
        stored = self._store_commands([*current, body], None)
        return stored[-1]

    def _guild_or_404(self, guild_id: str) -> Guild:
        for g in self.guilds:
            if g.id == int(guild_id):
                return g
        raise DiscordHTTPError(404, 10004, "Unknown Guild")

    async def r_put_guild_commands(
        self, rec: RequestRecord, app_id: str, guild_id: str
    ) -> list[Json]:
        self._check_app(app_id)
        return self._store_commands(rec.body, self._guild_or_404(guild_id))

    async def r_get_guild_commands(
        self, rec: RequestRecord, app_id: str, guild_id: str
    ) -> list[Json]:
        self._check_app(app_id)
        return list(self._guild_or_404(guild_id).commands.values())

    # ------------------------------------------------------------------ REST: guilds

    async def r_get_guild(self, rec: RequestRecord, guild_id: str) -> Json:
        payload = self._guild_or_404(guild_id).payload()
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            payload.pop(key, None)
        return payload

    async def r_guild_channels(self, rec: RequestRecord, guild_id: str) -> list[Json]:
        return [c.payload() for c in self._guild_or_404(guild_id).channels if not c.is_thread]

    async def r_guild_roles(self, rec: RequestRecord, guild_id: str) -> list[Json]:
        return [r.payload() for r in self._guild_or_404(guild_id).roles]

    async def r_get_member(self, rec: RequestRecord, guild_id: str, user_id: str) -> Json:
        guild = self._guild_or_404(guild_id)
        if int(user_id) not in guild.members:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return guild.member_payload(self.users_by_id[int(user_id)])
