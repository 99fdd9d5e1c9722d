"""`python -m bench`: print every benchmark figure (engine, build, browser), asserting nothing."""
import importlib
import sys

# Each module has a main() that prints its own figures; browser figures need Chromium.
SECTIONS = ["bench.engine", "bench.build", "bench.browser", "bench.ai", "bench.turns"]


def main(argv):
    wanted = argv or [name.split(".")[1] for name in SECTIONS]
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
        module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
