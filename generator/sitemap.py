"""sitemap.xml: every page of every language, each with its hreflang alternates."""

from xml.sax.saxutils import escape, quoteattr


def sitemap_xml(clusters):
    """`clusters`: for each page, a list of (hreflang, absolute URL) including x-default.

    Every language's URL of a page is listed with the whole cluster as alternates, as
    search engines require; x-default is an alternate only.
    """
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
             ' xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    for cluster in clusters:
        for hreflang, url in cluster:
            if hreflang == "x-default":
                continue
            lines.append("  <url>")
            lines.append("    <loc>" + escape(url) + "</loc>")
            for alt_lang, alt_url in cluster:
                lines.append('    <xhtml:link rel="alternate" hreflang=' + quoteattr(alt_lang)
                             + " href=" + quoteattr(alt_url) + "/>")
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"
