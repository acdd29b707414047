"""Passwords of players: argon2id (``argon2-cffi``, RFC 9106 parameters of its default profile), hashed and checked
in a worker thread so that the event loop never spends the ~50 ms of memory-hard work."""
from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

PASSWORD_MIN, PASSWORD_MAX = 8, 128     # characters
_hasher = PasswordHasher()


class BadPassword(ValueError):
    """A password the rules refuse (``code`` ``bad_password``); ``str(e)`` names the rule."""

    code = "bad_password"


def check_rules(password) -> str:
    """``password`` when it is a string of PASSWORD_MIN..PASSWORD_MAX characters; raises BadPassword."""
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise BadPassword(f"{PASSWORD_MIN}-{PASSWORD_MAX}")
    return password


async def hash_password(password: str) -> str:
    """The argon2id hash (PHC string) of ``password``."""
    return await asyncio.to_thread(_hasher.hash, password)


async def password_matches(password, stored: str | None) -> bool:
    """True when ``password`` is the one ``stored`` was made from (False for no stored hash or a non-string)."""
    if not stored or not isinstance(password, str) or len(password) > PASSWORD_MAX:
        return False

    def verify() -> bool:
        try:
            return _hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False
    return await asyncio.to_thread(verify)
