"""Static site generator: config -> catalogues -> content -> templates -> game bundle -> write.

`python -m generator build` turns `locales/`, `content/`, `site_templates/` and the `game`
package into `site/`; see `generator.cli` for every command.
"""
