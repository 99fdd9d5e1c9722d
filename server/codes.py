"""Table codes people read aloud, and the seat keys that prove who sits where."""

import hashlib
import hmac
import secrets

from game.wire import ALPHABET, CODE_LENGTH


def new_code(prefix=""):
    """A random code; `prefix` fixes its first characters (a shard's, see docs/online.md)."""
    return prefix + "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH - len(prefix)))


def new_key():
    """A random 128-bit seat key, URL-safe text."""
    return secrets.token_urlsafe(16)


def key_hash(key):
    # A plain SHA-256 suffices: the key is 128 random bits, nothing to brute-force from a hash.
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_matches(key, stored_hash):
    if not isinstance(key, str) or not stored_hash:
        return False
    return hmac.compare_digest(key_hash(key), stored_hash)
