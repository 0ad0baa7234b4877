"""Run every benchmarks/bench_*.py in turn and print what each measured."""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).parent
for script in sorted(here.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    subprocess.run([sys.executable, str(script)], check=False)
