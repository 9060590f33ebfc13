"""Driving the bot as users do: each action becomes an INTERACTION_CREATE (or a message) and
waits for the bot's answer as Discord's client would."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from typing import Any

from .basics import DM, Choice, Json, P, Role, snowflake
from .interactions import InteractionRoutes
from .model import Channel, Message
from .users import DriverError, FakeUser, InteractionFailed, InteractionResult
from .wire import (
    ATTACHMENT,
    BOOLEAN,
    CHANNEL,
    INTEGER,
    MENTIONABLE,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    Interaction,
    _describe,
    _describe_interaction,
)


class Driver(InteractionRoutes):
    """Simulated users act: slash commands, autocomplete, clicks, selects, modals, messages."""

    def _default_channel(self, channel: Channel | None) -> Channel:
        return channel if channel is not None else self.default_guild.channels[0]

    def _interaction_payload(
        self, inter: Interaction, data: Json, message: Message | None = None
    ) -> Json:
        chan = inter.channel
        guild = chan.guild
        payload: Json = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "token": inter.token,
            "version": 1,
            "channel_id": str(chan.id),
            "channel": chan.payload(),
            "locale": inter.user.locale,
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
            "data": data,
            "app_permissions": str(self._bot_perms(chan)),
        }
        if guild is not None:
            perms = guild.permissions(inter.user.id, chan)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member={**guild.member_payload(inter.user), "permissions": str(perms)},
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=inter.user.payload(),
                authorizing_integration_owners={"0": "0", "1": str(inter.user.id)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.payload()
        return payload

    async def _send_interaction(
        self,
        user: FakeUser,
        channel: Channel,
        itype: int,
        data: Json,
        *,
        name: str,
        source: Message | None = None,
        check: bool,
    ) -> InteractionResult:
        if not self.connected:
            raise DriverError("no bot is connected to the fake gateway")
        if not user.can_view(channel):
            raise DriverError(f"{user.name} cannot see #{channel.name}")
        iid = snowflake()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(24)}"
        result = InteractionResult(
            user.fake,
            id=iid,
            token=token,
            user=user,
            channel=channel,
            kind=itype,
            name=name,
            source_message=source,
        )
        inter = Interaction(
            id=iid, token=token, type=itype, user=user, channel=channel,
            created_at=self.clock(), result=result, source_message=source,
            app_command_name=_command_path(name, data) if itype in (2, 4) else "",
        )  # fmt: skip
        if not self.record:
            self._forget_expired()
        self.interactions[iid] = inter
        where = channel.name if channel.type != DM else "DM"
        self._note(f"{user.name} in {where}: {_describe_interaction(itype, name, data)}")
        self._by_token[token] = inter
        self._dispatch("INTERACTION_CREATE", self._interaction_payload(inter, data, source))
        await self._await_answer(inter)
        if result.failed:
            self._note(f"  -> FAILED: {result.error}")
        if result.failed and check:
            raise InteractionFailed(result)
        if check and result.deferred and not await self.settled(result):
            raise DriverError(
                f"{name!r} was deferred but its answer never came within "
                f"{self.response_timeout} s: the player would wait for ever"
            )
        return result

    async def settled(self, result: InteractionResult) -> bool:
        """Wait (up to ``response_timeout`` real seconds) until the player sees the bot's
        answer: at once, or after a deferral its follow-up or edit. With ``check`` (the
        default) every action waits for this, so it returns with what the player then sees."""
        loop = asyncio.get_running_loop()
        end = loop.time() + self.response_timeout
        while not result.settled:
            if result.failed or loop.time() > end:
                return False
            self._activity.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._activity.wait(), 0.02)
        return True

    def _forget_expired(self) -> None:
        now = self.clock()
        for iid, old in list(self.interactions.items()):
            if now - old.created_at > self.token_lifetime:
                del self.interactions[iid]
                self._by_token.pop(old.token, None)

    async def _await_answer(self, inter: Interaction) -> None:
        loop = asyncio.get_running_loop()
        real_end = loop.time() + self.response_timeout
        errors_before = len(self.bot_errors)
        while not inter.responded.is_set():
            if len(self.bot_errors) > errors_before:
                # discord.py logged an exception (e.g. the command raised): no answer will come.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(inter.responded.wait(), 0.05)
                if not inter.responded.is_set():
                    self._fail(inter, "the bot logged an error: " + _describe(self.bot_errors[-1]))
                break
            if self.clock() - inter.created_at > self.interaction_deadline:
                self._fail(inter, f"the bot did not respond within {self.interaction_deadline} s")
                break
            if loop.time() > real_end:
                self._fail(
                    inter, f"the bot did not respond within {self.response_timeout} s (real time)"
                )
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(inter.responded.wait(), 0.02)

    def _find_command(self, user: FakeUser, channel: Channel, name: str, ctype: int = 1) -> Json:
        key = f"{ctype}:{name}"
        guild = channel.guild
        cmd = guild.commands.get(key) if guild is not None else None
        cmd = cmd or self.commands.get(key)
        if cmd is None:
            where = f"guild {guild.name!r}" if guild else "DMs"
            raise DriverError(f"/{name} was never synced (for {where}); a player could not run it")
        if guild is not None:
            # Discord hides commands the member may not use.
            perms = guild.permissions(user.id, channel)
            needed = cmd.get("default_member_permissions")
            if not perms & P(use_application_commands=True).value:
                raise DriverError(
                    f"{user.name} may not use application commands in #{channel.name}"
                )
            if needed is not None:
                need = int(needed)  # "0": administrators only
                allowed = perms == P.all().value if need == 0 else perms & need == need
                if not allowed:
                    raise DriverError(f"{user.name} lacks the permissions /{name} requires")
        contexts = cmd.get("contexts")
        if guild is None and (
            (contexts is not None and 1 not in contexts) or cmd.get("dm_permission") is False
        ):
            raise DriverError(f"/{name} is not available in DMs")
        if guild is not None and contexts is not None and 0 not in contexts:
            raise DriverError(f"/{name} is not available in guilds")
        return cmd

    def _option_value(self, opt: Json, value: Any, resolved: Json, channel: Channel) -> Any:
        otype = opt["type"]
        name = opt["name"]
        guild = channel.guild

        def bad(expected: str) -> DriverError:
            return DriverError(f"option {name!r} takes {expected}, got {value!r}")

        if otype == STRING:
            if not isinstance(value, str):
                raise bad("a string")
            if "min_length" in opt and len(value) < opt["min_length"]:
                raise bad(f"at least {opt['min_length']} characters")
            if "max_length" in opt and len(value) > opt["max_length"]:
                raise bad(f"at most {opt['max_length']} characters")
        elif otype == INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad("an integer")
        elif otype == NUMBER:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise bad("a number")
        elif otype == BOOLEAN and not isinstance(value, bool):
            raise bad("a boolean")
        if otype in (INTEGER, NUMBER):
            if "min_value" in opt and value < opt["min_value"]:
                raise bad(f">= {opt['min_value']}")
            if "max_value" in opt and value > opt["max_value"]:
                raise bad(f"<= {opt['max_value']}")
        if otype in (STRING, INTEGER, NUMBER):
            choices = opt.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise bad(f"one of {[c['value'] for c in choices]}")
            return value
        if otype == BOOLEAN:
            return value
        if otype in (USER, MENTIONABLE) and isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.member_payload(value, with_user=False)
                member["permissions"] = str(guild.permissions(value.id, channel))
                resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if otype in (ROLE, MENTIONABLE) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if otype == CHANNEL and isinstance(value, Channel):
            data = value.payload()
            if guild is not None:
                data["permissions"] = str(guild.permissions(self.bot.id, value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if otype == ATTACHMENT and isinstance(value, tuple) and len(value) == 2:
            filename, blob = value
            att = self._store_files(channel, [(str(filename), bytes(blob))], [])[0]
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        expected = {
            USER: "a FakeUser",
            ROLE: "a Role",
            CHANNEL: "a Channel",
            MENTIONABLE: "a FakeUser or Role",
            ATTACHMENT: "(filename, bytes)",
        }
        raise bad(expected.get(otype, "?"))

    def _build_options(
        self,
        defs: list[Json],
        path: list[str],
        values: dict[str, Any],
        resolved: Json,
        channel: Channel,
        focused: str | None,
        full_name: str,
    ) -> list[Json]:
        if path:
            head, rest = path[0], path[1:]
            sub = next(
                (
                    o
                    for o in defs
                    if o["name"] == head and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise DriverError(f"/{full_name}: no subcommand {head!r} was synced")
            inner = self._build_options(
                sub.get("options") or [], rest, values, resolved, channel, focused, full_name
            )
            return [{"type": sub["type"], "name": head, "options": inner}]
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
            names = [o["name"] for o in defs]
            raise DriverError(f"/{full_name} needs a subcommand, one of {names}")
        by_name = {o["name"]: o for o in defs}
        out = []
        for key, value in values.items():
            opt = by_name.get(key) or by_name.get(key.replace("_", "-"))
            if opt is None:
                raise DriverError(f"/{full_name} has no option {key!r} (synced: {list(by_name)})")
            if key == focused:
                out.append(
                    {"type": opt["type"], "name": opt["name"], "value": value, "focused": True}
                )
                continue
            out.append(
                {
                    "type": opt["type"],
                    "name": opt["name"],
                    "value": self._option_value(opt, value, resolved, channel),
                }
            )
        if focused is None:
            given = {o["name"] for o in out}
            missing = [o["name"] for o in defs if o.get("required") and o["name"] not in given]
            if missing:
                raise DriverError(f"/{full_name} is missing required options {missing}")
        return out

    def _command_data(
        self,
        user: FakeUser,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str | None,
    ) -> tuple[Json, str]:
        parts = command.strip().lstrip("/").split()
        cmd = self._find_command(user, channel, parts[0])
        resolved: Json = {}
        opts = self._build_options(
            cmd.get("options") or [],
            parts[1:],
            options,
            resolved,
            channel,
            focused,
            " ".join(parts),
        )
        data: Json = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        return data, cmd["name"]

    async def _slash(
        self,
        user: FakeUser,
        command: str,
        channel: Channel | None,
        options: dict[str, Any],
        *,
        check: bool,
    ) -> InteractionResult:
        chan = self._default_channel(channel)
        if not user.can_view(chan):
            raise DriverError(f"{user.name} cannot see #{chan.name}")
        if chan.is_thread and chan.archived:
            raise DriverError(f"#{chan.name} is archived: application commands are refused")
        data, name = self._command_data(user, chan, command, options, None)
        result = await self._send_interaction(user, chan, 2, data, name=name, check=check)
        result.name = command
        return result

    async def _autocomplete(
        self,
        user: FakeUser,
        command: str,
        option: str,
        typed: str,
        channel: Channel | None,
        options: dict[str, Any],
    ) -> list[Choice]:
        chan = self._default_channel(channel)
        data, name = self._command_data(user, chan, command, {**options, option: typed}, option)
        result = await self._send_interaction(user, chan, 4, data, name=name, check=True)
        return list(result.choices or [])

    def _locate(
        self,
        user: FakeUser,
        message: Message | None,
        channel: Channel | None,
        match: Callable[[Message], Json | None],
    ) -> tuple[Message, Json]:
        if message is not None:
            if not user.can_see(message):
                raise DriverError(f"{user.name} cannot see {message!r}")
            comp = match(message)
            if comp is None:
                raise DriverError(
                    f"{message!r} has no such component (buttons: {message.button_labels})"
                )
            return message, comp
        channels = [channel] if channel is not None else [user.dm, *self._guild_channels_of(user)]
        candidates = [m for c in channels for m in user.visible_messages(c)]
        candidates.sort(key=lambda m: m.id)
        for msg in reversed(candidates):
            comp = match(msg)
            if comp is not None:
                return msg, comp
        raise DriverError(f"{user.name} sees no message with such a component")

    def _guild_channels_of(self, user: FakeUser) -> list[Channel]:
        return [c for g in self.guilds if user.id in g.members for c in g.channels]

    async def _click(
        self, user: FakeUser, label: str | None, custom_id: str | None, message: Message | None,
        channel: Channel | None, *, check: bool,
    ) -> InteractionResult:  # fmt: skip
        if label is None and custom_id is None:
            raise DriverError("click() needs a label or a custom_id")
        msg, button = self._locate(
            user, message, channel, lambda m: m.find_component(label, custom_id, kinds=(2,))
        )
        if button.get("disabled"):
            raise DriverError(f"button {button.get('label')!r} is disabled")
        if button.get("style") == 5 or "custom_id" not in button:
            raise DriverError(f"button {button.get('label')!r} is a link or premium button")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._send_interaction(
            user,
            msg.channel,
            3,
            data,
            name=str(button.get("label") or button["custom_id"]),
            source=msg,
            check=check,
        )

    async def _select(
        self,
        user: FakeUser,
        message: Message,
        values: list[Any],
        custom_id: str | None,
        *,
        check: bool,
    ) -> InteractionResult:
        msg, select = self._locate(
            user, message, None, lambda m: m.find_component(None, custom_id, kinds=(3, 5, 6, 7, 8))
        )
        if select.get("disabled"):
            raise DriverError(f"select {select.get('custom_id')!r} is disabled")
        lo, hi = int(select.get("min_values", 1)), int(select.get("max_values", 1))
        if not lo <= len(values) <= hi:
            raise DriverError(
                f"select {select['custom_id']!r} takes {lo}..{hi} values, got {len(values)}"
            )
        data: Json = {"custom_id": select["custom_id"], "component_type": select["type"]}
        if select["type"] == 3:
            allowed = [o["value"] for o in select.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise DriverError(
                    f"select {select['custom_id']!r} has no options {bad} (has {allowed})"
                )
            data["values"] = list(values)
        else:
            resolved: Json = {}
            kind = {5: USER, 6: ROLE, 7: CHANNEL, 8: MENTIONABLE}[select["type"]]
            opt = {"type": kind, "name": select["custom_id"]}
            data["values"] = [self._option_value(opt, v, resolved, msg.channel) for v in values]
            data["resolved"] = resolved
        return await self._send_interaction(
            user, msg.channel, 3, data, name=str(select["custom_id"]), source=msg, check=check
        )

    async def _submit_modal(
        self, user: FakeUser, opened: InteractionResult, values: dict[str, Any], *, check: bool
    ) -> InteractionResult:
        modal = opened.modal
        if modal is None:
            raise DriverError("the bot did not open a modal for this interaction")
        if opened.user is not user:
            raise DriverError(f"{user.name} cannot submit a modal shown to {opened.user.name}")
        remaining = dict(values)

        def fill(comp: Json) -> Json:
            ctype = comp.get("type")
            if ctype == 1:
                return {"type": 1, "components": [fill(c) for c in comp.get("components") or []]}
            if ctype == 18:
                return {"type": 18, "component": fill(comp["component"])}
            cid = str(comp.get("custom_id") or "")
            if ctype == 4:
                value = remaining.pop(cid, comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise DriverError(f"text input {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": value}
            if ctype in (3, 5, 6, 7, 8, 22):  # selects and checkbox groups: a list
                chosen: Any = remaining.pop(cid, [])
                return {
                    "type": ctype,
                    "custom_id": cid,
                    "values": chosen if isinstance(chosen, list) else [chosen],
                }
            if ctype == 21:  # radio group: one value
                return {"type": ctype, "custom_id": cid, "value": remaining.pop(cid, None)}
            if ctype == 23:  # checkbox: a boolean
                return {"type": ctype, "custom_id": cid, "value": bool(remaining.pop(cid, False))}
            return {"type": ctype, **({"custom_id": cid} if cid else {})}

        components = [fill(c) for c in modal.get("components") or []]
        if remaining:
            raise DriverError(f"the modal has no inputs {list(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        source = opened.source_message
        return await self._send_interaction(
            user, opened.channel, 5, data, name=str(modal["custom_id"]), source=source, check=check
        )

    async def _user_message(
        self, user: FakeUser, channel: Channel, content: str, files: dict[str, bytes]
    ) -> Message:
        if not user.can_view(channel):
            raise DriverError(f"{user.name} cannot see #{channel.name}")
        self._note(f"{user.name} says in {channel.name}: {content!r}")
        msg = self._new_message(channel, user, {"content": content}, list(files.items()))
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg


def _command_path(name: str, data: Json) -> str:
    """``game new``: the command with its subcommand (group) names, as Discord's message
    interaction metadata names it."""
    options = data.get("options") or []
    while options and options[0].get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
        name += f" {options[0]['name']}"
        options = options[0].get("options") or []
    return name
