"""The accounts part of the SQL store (mixed into server/store/sql.py ``SqlStore``): players with unique names,
sessions, passwords, languages, rating history and the profile figures, friends and direct challenges.

A player's credentials are sessions: ``(session id, SHA-256 of a random secret)``; a request names the player and
the secret (``Bearer <player id>:<secret>``), so the first browser's secret (``create_player``) and a sign-in's
(``create_session``) look alike. Names are unique under the two keys of server/namekey.py (unique
indexes; a taken name raises ``StoreError("name_taken")`` and changes nothing).
"""
from __future__ import annotations

import hmac
import secrets
import time

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .base import NAME_MAX, StoreError, clean_name, hash_secret
from .schema import challenges, friends, games, players, rating_history, sessions

HISTORY_MAX = 200       # rating points returned by rating_history
CHALLENGE_STATES = ("open", "accepted", "declined", "cancelled")


def _id() -> str:
    return secrets.token_hex(8)


def _keys(name: str) -> dict:
    from server.namekey import name_keys
    upper, lower = name_keys(name)
    return {"name_key": upper, "name_key_lower": lower}


def _taken() -> StoreError:
    return StoreError("name_taken", "This name is taken (or looks the same as one that is).")


def _account(row) -> dict:
    return {"id": row.id, "name": row.name, "created": row.created, "name_changed": row.name_changed,
            "has_password": row.password_hash is not None, "lang": row.lang}


def _challenge(row) -> dict:
    return {"id": row.id, "from": row.sender, "to": row.target, "deck": row.deck, "clock": row.clock,
            "status": row.status, "room": row.room, "created": row.created}


class AccountsMixin:
    """Account methods of :class:`server.store.sql.SqlStore` (``self.engine``: its async engine)."""

    # -- players and sessions ----------------------------------------------------------------------------------
    async def create_player(self, name: str, secret_hash: str) -> dict:
        """A new player ``{"id", "name", "created"}`` whose first session has ``secret_hash``. Raises
        StoreError("bad_name") / ("name_taken")."""
        name = clean_name(name, NAME_MAX)
        row = {"id": _id(), "name": name, "created": time.time(), **_keys(name)}
        try:
            async with self.engine.begin() as conn:
                await conn.execute(players.insert().values(**row))
                await conn.execute(sessions.insert().values(id=_id(), player=row["id"], secret_hash=str(secret_hash),
                                                            created=row["created"]))
        except IntegrityError:
            raise _taken() from None
        return {"id": row["id"], "name": row["name"], "created": row["created"]}

    async def account(self, player_id: str) -> dict | None:
        """``{"id", "name", "created", "name_changed", "has_password", "lang"}`` or None."""
        if not isinstance(player_id, str):
            return None
        async with self.engine.connect() as conn:
            row = (await conn.execute(players.select().where(players.c.id == player_id))).first()
        return None if row is None else _account(row)

    async def find_player(self, name: str) -> dict | None:
        """The player whose name is the same as ``name`` (either key equal; see namekey.py), with
        ``"password_hash"``, or None."""
        if not isinstance(name, str):
            return None
        keys = _keys(name)
        q = players.select().where(sa.or_(players.c.name_key == keys["name_key"],
                                          players.c.name_key_lower == keys["name_key_lower"]))
        async with self.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        return None if row is None else dict(_account(row), password_hash=row.password_hash)

    async def verify_player(self, player_id: str, secret: str) -> dict | None:
        """``{"id", "name", "created", "session"}`` when ``secret`` is one of the player's sessions (constant-time
        comparison of the hashes), else None."""
        if not isinstance(player_id, str) or not isinstance(secret, str):
            return None
        digest = hash_secret(secret)
        q = (sa.select(players.c.id, players.c.name, players.c.created, sessions.c.id.label("session"),
                       sessions.c.secret_hash).join(sessions, sessions.c.player == players.c.id)
             .where(players.c.id == player_id))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(q)).all()
        for r in rows:
            if hmac.compare_digest(digest, r.secret_hash):
                return {"id": r.id, "name": r.name, "created": r.created, "session": r.session}
        return None

    async def create_session(self, player_id: str, secret_hash: str) -> str:
        """A new session of the player (a sign-in); its id."""
        sid = _id()
        async with self.engine.begin() as conn:
            await conn.execute(sessions.insert().values(id=sid, player=player_id, secret_hash=secret_hash,
                                                        created=time.time()))
        return sid

    async def revoke_sessions(self, player_id: str, keep: str | None = None) -> list[str]:
        """End every session of the player except ``keep``; the ids ended."""
        q = sessions.delete().where(sessions.c.player == player_id)
        if keep is not None:
            q = q.where(sessions.c.id != keep)
        async with self.engine.begin() as conn:
            ids = [r.id for r in await conn.execute(sa.select(sessions.c.id).where(q.whereclause))]
            await conn.execute(q)
        return ids

    async def end_session(self, player_id: str, session_id: str) -> bool:
        """End one session of the player (signing out one browser); False when it had ended."""
        async with self.engine.begin() as conn:
            done = await conn.execute(sessions.delete().where(sessions.c.player == player_id,
                                                              sessions.c.id == session_id))
        return bool(done.rowcount)

    async def session_alive(self, session_id: str) -> bool:
        """True while the session exists (not signed out or revoked)."""
        async with self.engine.connect() as conn:
            return await conn.scalar(sa.select(sessions.c.id).where(sessions.c.id == session_id)) is not None

    async def rename_player(self, player_id: str, name: str, *, changed: float | None = None) -> dict | None:
        """The renamed player, or None when there is no such player. ``changed``: the time to record as the last
        rename (the player's own rename; None for an operator's). Raises StoreError("bad_name") / ("name_taken")."""
        name = clean_name(name, NAME_MAX)
        values = dict(name=name, **_keys(name))
        if changed is not None:
            values["name_changed"] = changed
        try:
            async with self.engine.begin() as conn:
                done = await conn.execute(players.update().where(players.c.id == player_id).values(**values))
        except IntegrityError:
            raise _taken() from None
        return await self.get_player(player_id) if done.rowcount else None

    async def set_password(self, player_id: str, password_hash: str | None) -> None:
        """Store the player's password hash (None: no password)."""
        async with self.engine.begin() as conn:
            await conn.execute(players.update().where(players.c.id == player_id)
                               .values(password_hash=password_hash))

    async def set_lang(self, player_id: str, lang: str | None) -> None:
        """Store the player's language ("ru" | "en" | None)."""
        async with self.engine.begin() as conn:
            await conn.execute(players.update().where(players.c.id == player_id).values(lang=lang))

    # -- profiles ----------------------------------------------------------------------------------------------
    async def rating_history(self, player_id: str) -> list[dict]:
        """The player's rating after each rated game, oldest first (the last HISTORY_MAX): ``{"game", "rating",
        "rd", "at"}``."""
        q = (sa.select(rating_history).where(rating_history.c.player == player_id)
             .order_by(rating_history.c.id.desc()).limit(HISTORY_MAX))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(q)).all()
        return [{"game": r.game, "rating": r.rating, "rd": r.rd, "at": r.at} for r in reversed(rows)]

    async def game_outcomes(self, player_id: str) -> list[tuple[int, dict, list]]:
        """``[(seat, result, deck_names)]`` of every recorded game of the player (finished games only)."""
        q = (sa.select(games.c.player1, games.c.result, games.c.deck_names)
             .where(sa.or_(games.c.player1 == player_id, games.c.player2 == player_id)))
        async with self.engine.connect() as conn:
            return [(1 if r.player1 == player_id else 2, r.result or {}, r.deck_names or [])
                    for r in await conn.execute(q)]

    # -- friends -----------------------------------------------------------------------------------------------
    async def add_friend(self, player_id: str, friend_id: str) -> bool:
        """``player_id`` adds ``friend_id`` (both must exist; False when added already)."""
        try:
            async with self.engine.begin() as conn:
                await conn.execute(friends.insert().values(player=player_id, friend=friend_id, created=time.time()))
        except IntegrityError:
            return False
        return True

    async def remove_friend(self, player_id: str, friend_id: str) -> bool:
        """End every friend link between the two players, both ways (``player_id`` added ``friend_id``, or the
        other way round): a friendship, one's own request or the other's; False when there was none."""
        async with self.engine.begin() as conn:
            done = await conn.execute(friends.delete().where(
                ((friends.c.player == player_id) & (friends.c.friend == friend_id))
                | ((friends.c.player == friend_id) & (friends.c.friend == player_id))))
        return bool(done.rowcount)

    async def friend_links(self, player_id: str) -> dict:
        """``{"added": {id: name}, "added_me": {id: name}}``: whom the player added, who added the player."""
        out: dict = {"added": {}, "added_me": {}}
        async with self.engine.connect() as conn:
            for key, mine, theirs in (("added", friends.c.player, friends.c.friend),
                                      ("added_me", friends.c.friend, friends.c.player)):
                q = sa.select(players.c.id, players.c.name).join(friends, players.c.id == theirs).where(
                    mine == player_id)
                out[key] = {r.id: r.name for r in await conn.execute(q)}
        return out

    # -- challenges --------------------------------------------------------------------------------------------
    async def create_challenge(self, sender: str, target: str, deck, clock) -> dict:
        """A new open challenge."""
        row = {"id": _id(), "sender": sender, "target": target, "deck": deck, "clock": clock, "status": "open",
               "room": None, "created": time.time()}
        async with self.engine.begin() as conn:
            await conn.execute(challenges.insert().values(**row))
        return {"id": row["id"], "from": sender, "to": target, "deck": deck, "clock": clock, "status": "open",
                "room": None, "created": row["created"]}

    async def get_challenge(self, challenge_id: str) -> dict | None:
        if not isinstance(challenge_id, str):
            return None
        async with self.engine.connect() as conn:
            row = (await conn.execute(challenges.select().where(challenges.c.id == challenge_id))).first()
        return None if row is None else _challenge(row)

    async def open_challenges(self, player_id: str, since: float) -> list[dict]:
        """Open challenges from or to the player created after ``since`` (Unix s), newest first."""
        q = (challenges.select().where(sa.or_(challenges.c.sender == player_id, challenges.c.target == player_id),
                                       challenges.c.status == "open", challenges.c.created > since)
             .order_by(challenges.c.created.desc()))
        async with self.engine.connect() as conn:
            return [_challenge(r) for r in await conn.execute(q)]

    async def settle_challenge(self, challenge_id: str, status: str) -> bool:
        """Move an open challenge to ``status`` (accepted / declined / cancelled); False when it was not open (so
        a challenge is accepted once)."""
        if status not in CHALLENGE_STATES[1:]:
            raise StoreError("bad_status", f"'status' must be one of {', '.join(CHALLENGE_STATES[1:])}.")
        async with self.engine.begin() as conn:
            done = await conn.execute(challenges.update().where(challenges.c.id == challenge_id,
                                                                challenges.c.status == "open")
                                      .values(status=status))
        return bool(done.rowcount)

    async def settle_challenge_room(self, challenge_id: str, room: str | None) -> None:
        """Record the room of an accepted challenge; None: the room could not be made, the challenge is open
        again."""
        values = {"room": room} if room is not None else {"status": "open", "room": None}
        async with self.engine.begin() as conn:
            await conn.execute(challenges.update().where(challenges.c.id == challenge_id).values(**values))


def record_history(conn, new: list[dict], game_id: str) -> None:
    """Rows of rating_history for the players' ratings ``new`` after the rated game ``game_id`` (inside the
    recording transaction, on its sync ``Connection``)."""
    now = time.time()
    for r in new:
        conn.execute(rating_history.insert().values(player=r["player"], game=game_id,
                                                    rating=float(r["rating"]), rd=float(r["rd"]), at=now))
