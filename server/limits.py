"""Token buckets: per IP for opening and joining tables, connecting and messages, per seat for
connecting, per connection for messages. The time passed in is monotonic (server.clock): a
clock set back must not empty a bucket for as long as the step."""

import ipaddress


class Bucket:
    """`burst` requests at once, then one every `1 / rate` seconds; the clock is passed in."""

    __slots__ = ("rate", "burst", "tokens", "last")

    def __init__(self, rate, burst, now):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = now

    def take(self, now):
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self, now):
        return self.tokens + (now - self.last) * self.rate >= self.burst


class PerKey:
    """One bucket per key (an IP address); full buckets are forgotten by `forget_full`."""

    def __init__(self, rate, burst):
        self.rate = rate
        self.burst = burst
        self.buckets = {}

    def take(self, key, now):
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.rate, self.burst, now)
        return bucket.take(now)

    def has(self, key, now):
        """Whether `take` would succeed now (nothing is taken)."""
        bucket = self.buckets.get(key)
        return bucket is None or bucket.tokens + (now - bucket.last) * bucket.rate >= 1

    def forget_full(self, now):
        for key in [key for key, bucket in self.buckets.items() if bucket.full(now)]:
            del self.buckets[key]


def address_key(ip):
    """What the per-address limits count by: an IPv4 address, or an IPv6 address's /64 (one
    home or one subscriber holds a whole /64, so each of its addresses is no new visitor)."""
    if ":" not in ip:
        return ip
    try:
        return str(ipaddress.IPv6Network(ip + "/64", strict=False))
    except ValueError:
        return ip
