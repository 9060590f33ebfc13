"""REST routes for interaction responses: the callback (3 s deadline, one answer), follow-ups
and the interaction webhook's messages."""

from __future__ import annotations

from .basics import EPHEMERAL, LOADING, Choice, Json
from .messages import MessageRoutes
from .model import Message
from .wire import (
    DiscordHTTPError,
    Interaction,
    RequestRecord,
    form_error,
)


class InteractionRoutes(MessageRoutes):
    """Interaction callbacks, follow-ups and the ``@original`` webhook routes."""

    def _interaction_for(self, token: str) -> Interaction:
        inter = self._by_token.get(token)
        if inter is None:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        if self.clock() - inter.created_at > self.token_lifetime:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        return inter

    def _fail(self, inter: Interaction, reason: str) -> None:
        if inter.result.answered or inter.result.failed:
            return
        inter.result.failed = True
        inter.result.error = reason
        inter.responded.set()

    async def r_callback(self, rec: RequestRecord, interaction_id: str, token: str) -> Json | None:
        inter = self.interactions.get(int(interaction_id))
        if inter is None or inter.token != token:
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        if inter.result.answered:
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        if inter.result.failed or self.clock() - inter.created_at > self.interaction_deadline:
            self._fail(inter, f"no response within {self.interaction_deadline} s")
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        try:
            return self._answer(inter, rec)
        except DiscordHTTPError as err:
            inter.result.rejections.append(err.body())
            self._fail(inter, f"response rejected: {err.status} {err.body()}")
            raise

    def _answer(self, inter: Interaction, rec: RequestRecord) -> Json | None:
        body = rec.body or {}
        rtype = int(body.get("type", 0))
        data = body.get("data") or {}
        result = inter.result
        allowed = {
            2: {4, 5, 9},
            3: {4, 5, 6, 7, 9},
            4: {8},
            5: {4, 5, 6, 7},
        }[inter.type]
        if rtype not in allowed:
            raise form_error(
                ["type"],
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Interaction response type {rtype} is not valid here",
            )
        meta = {
            "id": str(inter.id),
            "type": inter.type,
            "name": inter.app_command_name,
            "user": inter.user.payload(),
        }
        mtype = 20 if inter.type == 2 else 0
        message: Message | None = None
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        if rtype == 4:
            self._validate_message(data, rec.files, ["data"])
            message = self._new_message(
                inter.channel, self.bot, data, rec.files,
                visible_to=inter.user.id if ephemeral else None, mtype=mtype, interaction=meta,
            )  # fmt: skip
            self._dispatch_message("MESSAGE_CREATE", message)
        elif rtype == 5:
            message = self._new_message(
                inter.channel, self.bot, {"flags": LOADING | (EPHEMERAL if ephemeral else 0)}, [],
                visible_to=inter.user.id if ephemeral else None, mtype=mtype, interaction=meta,
            )  # fmt: skip
            inter.loading_pending = True
            self._dispatch_message("MESSAGE_CREATE", message)
        elif rtype in (6, 7):
            message = inter.source_message
            if message is None:  # a modal opened by a slash command has no message to update
                raise form_error(
                    ["type"], "INTERACTION_RESPONSE_TYPE_INVALID", "No message to update"
                )
            if rtype == 7:
                self._apply_edit(message, data, rec.files)
                self._dispatch_message("MESSAGE_UPDATE", message)
        elif rtype == 8:
            choices = list(data.get("choices") or [])
            if len(choices) > 25:
                raise form_error(
                    ["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            for i, c in enumerate(choices):
                if not 1 <= len(str(c.get("name", ""))) <= 100:
                    raise form_error(
                        ["data", "choices", i, "name"],
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )
            result.choices = [Choice(str(c["name"]), c["value"]) for c in choices]
        elif rtype == 9:
            cid = str(data.get("custom_id") or "")
            if not 1 <= len(cid) <= 100:
                raise form_error(
                    ["data", "custom_id"],
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if not 1 <= len(str(data.get("title") or "")) <= 45:
                raise form_error(
                    ["data", "title"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."
                )
            self._validate_components(
                list(data.get("components") or []), ["data", "components"], set(), top=False
            )
            result.modal = data
        result.response_type = rtype
        if message is not None:
            result.message = message
            inter.owned_messages.add(message.id)
        inter.responded.set()
        self._touch()
        if rec.query.get("with_response") not in ("1", "true", "True"):
            return None
        resp_interaction: Json = {
            "id": str(inter.id),
            "type": inter.type,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        resource: Json = {"type": rtype}
        if message is not None:
            resp_interaction["response_message_id"] = str(message.id)
            resource["message"] = message.payload()
        return {"interaction": resp_interaction, "resource": resource}

    async def r_followup(self, rec: RequestRecord, app_id: str, token: str) -> Json | None:
        self._check_app(app_id)
        inter = self._interaction_for(token)
        if not inter.result.answered:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        data = rec.body or {}
        self._validate_message(data, rec.files, [])
        if inter.loading_pending and inter.result.message is not None:
            # Discord: the first follow-up after a defer replaces the "thinking" message.
            msg = inter.result.message
            inter.loading_pending = False
            self._apply_edit(msg, data, rec.files)
            msg.edited_at = None
            self._dispatch_message("MESSAGE_UPDATE", msg)
        else:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            meta = {
                "id": str(inter.id),
                "type": inter.type,
                "name": inter.app_command_name,
                "user": inter.user.payload(),
            }
            msg = self._new_message(
                inter.channel, self.bot, data, rec.files,
                visible_to=inter.user.id if ephemeral else None,
                mtype=20 if inter.type == 2 else 0, interaction=meta,
            )  # fmt: skip
            self._dispatch_message("MESSAGE_CREATE", msg)
        inter.owned_messages.add(msg.id)
        inter.result.followups.append(msg)
        if inter.result.message is None or inter.result.message.deleted:
            inter.result.message = msg  # the placeholder went: this is the answer they see
        inter.result.completed = True
        self._touch()
        if rec.query.get("wait") in ("1", "true", "True"):
            return msg.payload()
        return None

    def _webhook_message(self, inter: Interaction, which: str) -> Message:
        if which == "@original":
            msg = inter.result.message
        else:
            msg = next(
                (
                    m
                    for m in inter.result.messages
                    if m.id == int(which) and m.id in inter.owned_messages
                ),
                None,
            )
        if msg is None or msg.deleted:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return msg

    async def r_wh_get(self, rec: RequestRecord, app_id: str, token: str, which: str) -> Json:
        self._check_app(app_id)
        return self._webhook_message(self._interaction_for(token), which).payload()

    async def r_wh_edit(self, rec: RequestRecord, app_id: str, token: str, which: str) -> Json:
        self._check_app(app_id)
        inter = self._interaction_for(token)
        msg = self._webhook_message(inter, which)
        self._apply_edit(msg, rec.body or {}, rec.files)
        if msg is inter.result.message:
            inter.loading_pending = False
        inter.result.completed = True
        self._dispatch_message("MESSAGE_UPDATE", msg)
        self._touch()
        return msg.payload()

    async def r_wh_delete(self, rec: RequestRecord, app_id: str, token: str, which: str) -> None:
        self._check_app(app_id)
        inter = self._interaction_for(token)
        msg = self._webhook_message(inter, which)
        if msg is inter.result.message:
            inter.loading_pending = False
        self._delete(msg)
