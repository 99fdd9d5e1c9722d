"""Which 404 page answers an unknown address: the one of the language the address is in.

The build writes `<lang>/404.html` in every language and `404.html` (the source language's)
at the root. A mistyped `/vi/luat.html` gets the Vietnamese page: the address's first folder
names the language. Every server and host config picks it by that rule, written once here:

- `python -m generator serve` (generator.cli) and the table server (server.static) call
  `not_found_page(site, path)`;
- the build writes `redirects_file()` as the site's `_redirects` (Netlify; a rule there
  applies only where no file exists). Cloudflare Pages needs nothing: it serves the nearest
  404.html up the folders;
- docs/deploy.md shows `nginx_snippet()` for nginx (a test keeps the two identical).
"""

from pathlib import Path

PAGE = "404.html"


def not_found_page(site, path):
    """The 404 page to send for a URL path ("/vi/nope.html" or "vi/nope.html") of the site at
    `site`: its first folder's 404.html when there is one, else the root's (None: no page)."""
    site = Path(site)
    first = path.lstrip("/").split("/", 1)[0]
    if "/" in path.lstrip("/") and first not in ("", ".", "..") and "\\" not in first:
        page = site / first / PAGE
        if page.is_file():
            return page
    page = site / PAGE
    return page if page.is_file() else None


def redirects_file(codes, base_path="/"):
    """Netlify's `_redirects`: each language's unknown addresses get its own 404 page."""
    width = max(len(base_path + code + "/*") for code in codes)
    return "".join(f"{base_path}{code}/*".ljust(width) + f"  {base_path}{code}/{PAGE}  404\n"
                   for code in codes)


def nginx_snippet(codes, base_path="/"):
    """The same rule for nginx (in the site's `server` block, beside the headers)."""
    lines = [f"error_page 404 {base_path}{PAGE};\n"]
    lines += [f"location {base_path}{code}/ {{ error_page 404 {base_path}{code}/{PAGE}; }}\n"
              for code in codes]
    return "".join(lines)
