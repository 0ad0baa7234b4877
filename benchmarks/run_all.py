"""Run every benchmarks/bench_*.py in turn and print what each measured; exit non-zero if one failed.
Flags (``--big``) are passed on to every script."""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).parent
failed = []
for script in sorted(here.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    if subprocess.run([sys.executable, str(script), *[a for a in sys.argv[1:] if a.startswith("--")]]).returncode != 0:
        failed.append(script.name)
if failed:
    print(f"failed: {', '.join(failed)}")
    sys.exit(1)
