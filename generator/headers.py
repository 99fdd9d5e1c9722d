"""The site's security headers: one table, used by every server and every host config.

Standard library only, no I/O, so any server can import it:

- `python -m generator serve` (generator.cli) sends `security_headers()` on every response;
- the build writes `headers_file()` as the site's `_headers` (Netlify, Cloudflare Pages) and
  puts `meta_policy()` in each page's `<meta http-equiv="Content-Security-Policy">`, for hosts
  that send no header at all;
- docs/deploy.md shows `nginx_snippet()` (a test keeps the two identical);
- the table server passes `connect_src` to allow its WebSocket origin, e.g.
  `security_headers(connect_src="ws://127.0.0.1:8001")`.

Why each directive: scripts only from the site ('unsafe-eval' because Brython's runtime turns
the modules compiled at build time into functions with `new Function`), workers only from the
site's own files (the computer's worker is `static/game-worker.<hash>.js`, the service worker of
offline play `sw.js`: generator/offline.py), the web app manifest from the site (`manifest-src`,
which `default-src` would give too: said once where a reader looks), no inline code at all,
`frame-ancestors 'none'` so no other site can frame a page (clickjacking), `base-uri 'none'`
so injected markup cannot re-root relative URLs, `form-action 'self'`.
"""

CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'unsafe-eval'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("style-src", "'self'"),
    ("img-src", "'self' data:"),
    ("connect-src", "'self'"),
    ("base-uri", "'none'"),
    ("form-action", "'self'"),
    ("frame-ancestors", "'none'"),
)
# Browsers ignore (and log an error for) these in a <meta> policy: header only.
_HEADER_ONLY = frozenset({"frame-ancestors"})

OTHER_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    # HTTPS only, for two years, once a browser has seen the site over HTTPS (browsers ignore
    # it over plain HTTP, so `make serve` on 127.0.0.1 is unaffected).
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    # Nothing of the site asks for these; an injected script cannot either.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    # No other site's window keeps a handle on ours, and no other site loads our files
    # (a shared link's card image is fetched by the sharing app's server, which CORP does not
    # concern).
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# A file named by its hash (name.<10 hex digits>.ext: generator.bundle) never changes: a year,
# immutable. Pages, sw.js and the few unhashed files are revalidated (generator.precompressed
# sends the same for the Python servers).
HASHED = r"\.[0-9a-f]{10}\.[A-Za-z0-9]+$"
IMMUTABLE = "public, max-age=31536000, immutable"


def content_security_policy(connect_src=None, header=True):
    """The CSP as one string; `connect_src` adds origins (e.g. a WebSocket server's) to 'self'."""
    directives = []
    for name, value in CSP:
        if not header and name in _HEADER_ONLY:
            continue
        if name == "connect-src" and connect_src:
            value += " " + connect_src
        directives.append(name + " " + value)
    return "; ".join(directives)


def meta_policy():
    """The policy for a page's <meta> tag: the header's, less what a <meta> cannot carry."""
    return content_security_policy(header=False)


def security_headers(connect_src=None):
    """{header name: value} to send with every response of the site."""
    return {"Content-Security-Policy": content_security_policy(connect_src), **OTHER_HEADERS}


def headers_file(hashed=()):
    """The `_headers` file of Netlify / Cloudflare Pages: every path gets every header, and each
    file named by its hash (`hashed`: their paths under the site's root, "static/game.<hash>.js")
    the long cache (the hosts' path patterns cannot match a hash, so each is listed)."""
    lines = ["/*"] + ["  " + name + ": " + value for name, value in security_headers().items()]
    for path in hashed:
        lines += ["/" + path, "  Cache-Control: " + IMMUTABLE]
    return "\n".join(lines) + "\n"


def nginx_snippet():
    """The same headers as nginx `add_header` lines (for a `server` or `location` block), and a
    location for the hashed files with the long cache: nginx drops a block's inherited
    `add_header` lines once the inner block has one, so it repeats them."""
    lines = [f'add_header {name} "{value}" always;\n' for name, value in security_headers().items()]
    return ("".join(lines) + f'location ~ "{HASHED}" {{\n'
            + "".join("    " + line for line in lines)
            + f'    add_header Cache-Control "{IMMUTABLE}" always;\n}}\n')
