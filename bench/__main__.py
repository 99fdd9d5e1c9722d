"""`python -m bench [SECTION ...] [--option ...]`: print benchmark figures, asserting nothing.

Options after the section names go to that one section (e.g. `python -m bench tables --seconds 10`).
"""
import importlib
import sys

# Each module has a main() that prints its own figures; browser figures need Chromium.
SECTIONS = ["bench.engine", "bench.build", "bench.browser", "bench.ai", "bench.coach", "bench.turns",
            "bench.latency", "bench.tables", "bench.serve", "bench.attack", "bench.faults",
            "bench.lighthouse"]
# Run only when named: Lighthouse is installed from npm on its first run (`make lighthouse`);
# the hostile clients and the faults take minutes and fill the log of the server they attack.
ON_REQUEST = {"lighthouse", "attack", "faults"}


def main(argv):
    first_option = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    wanted, options = argv[:first_option], argv[first_option:]
    if options and len(wanted) != 1:
        sys.exit("options go to one section: python -m bench SECTION --option ...")
    wanted = wanted or [name.split(".")[1] for name in SECTIONS if name.split(".")[1] not in ON_REQUEST]
    for name in SECTIONS:
        if name.split(".")[1] not in wanted:
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            print(f"== {name}: not available yet")
            continue
        print(f"== {name}")
        module.main(options) if options else module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
