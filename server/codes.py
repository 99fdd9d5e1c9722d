"""Table codes people read aloud, and the seat keys that prove who sits where."""

import hashlib
import hmac
import secrets

# No 0/O and no 1/I: a code read aloud or copied by hand cannot be mistaken.
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LENGTH = 6  # 32**6, about a billion codes; guessing is slowed by the per-IP limits


def new_code(prefix=""):
    """A random code; `prefix` fixes its first characters (a shard's, see docs/online.md)."""
    return prefix + "".join(secrets.choice(ALPHABET) for _ in range(LENGTH - len(prefix)))


def normalize(text):
    """A code as typed: any case, spaces and dashes allowed; None if it cannot be a code."""
    if not isinstance(text, str):
        return None
    code = text.replace(" ", "").replace("-", "").upper()
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code


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
