#!/usr/bin/env bash
# The studio's training data loader against Ultralytics' (issue 25): images per second at 640 with mosaic,
# batch 16, 1 and 2 loader workers, no model. For each worker count the two loaders run alternately
# (studio, Ultralytics, studio, ...) so both see the same machine state; the table gives medians of RUNS runs.
#
# usage: bench/train/run_loader_bench.sh BUILD_DIR DATA_YAML [RUNS=3]
#   BUILD_DIR holds bench/train/bench_loader. DATA_YAML: a copy of a dataset (Ultralytics writes
#   labels/*.cache next to its label folders). Environment: WORKERS ("1 2"), EPOCHS (2), IMGSZ (640),
#   BATCH (16), CACHE (0: the studio's LRU at its floor, as Ultralytics' cache=False), KEEP (a folder for the
#   JSON of every run; a temporary one otherwise), DEST (the reference trainer, /opt/ultralytics-ref-8.4),
#   REF (its launcher, ../shared/tools/reference-ultralytics.sh).
# Set the reference trainer up once: ../shared/tools/reference-ultralytics.sh setup-pypi 8.4.190
set -euo pipefail
build=${1:?usage: run_loader_bench.sh BUILD_DIR DATA_YAML [RUNS]}
data=${2:?usage: run_loader_bench.sh BUILD_DIR DATA_YAML [RUNS]}
runs=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bench=$build/bench/train/bench_loader
export DEST=${DEST:-/opt/ultralytics-ref-8.4}
ref=${REF:-$root/../shared/tools/reference-ultralytics.sh}
workers=${WORKERS:-1 2}
epochs=${EPOCHS:-2}
imgsz=${IMGSZ:-640}
batch=${BATCH:-16}
cache=${CACHE:-0}
[ -x "$bench" ] || { echo "no $bench (ninja -C $build bench_loader)" >&2; exit 2; }
[ -x "$ref" ] || { echo "no reference launcher $ref (REF=...)" >&2; exit 2; }
[ -d "$DEST/ultralytics" ] || { echo "no reference trainer in $DEST ($ref setup-pypi 8.4.190)" >&2; exit 2; }
out=${KEEP:-$(mktemp -d)}
mkdir -p "$out"

echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for w in $workers; do
  for r in $(seq 1 "$runs"); do
    "$bench" data="$data" imgsz="$imgsz" batch="$batch" workers="$w" threads="$w" epochs="$epochs" mosaic=1 \
      cache="$cache" json="$out/studio-w$w-r$r.json" | grep '^summary'
    "$ref" python "$here/ultralytics_loader.py" data="$data" imgsz="$imgsz" batch="$batch" workers="$w" \
      epochs="$epochs" json="$out/ultralytics-w$w-r$r.json" 2>/dev/null | grep '^summary'
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); JSON of every run: $out"

python3 - "$out" "$workers" "$runs" <<'EOF'
import json, statistics, sys
out, workers, runs = sys.argv[1], sys.argv[2].split(), int(sys.argv[3])

def med(loader, w, key):
    v = []
    for r in range(1, runs + 1):
        with open(f"{out}/{loader}-w{w}-r{r}.json") as f:
            j = json.load(f)
        if key == "cpu":  # images per CPU-second over all epochs
            v.append(sum(e["images"] for e in j["epochs"]) / sum(e["cpu_seconds"] for e in j["epochs"]))
        else:
            v.append(j[key])
    return statistics.median(v), j["cores"]

print(f"\nmedians of {runs} runs, img/s (per core = img/s / workers; per CPU-s = images / CPU seconds of all "
      "processes and threads)")
print("| workers | studio epoch 1 | studio epoch 2+ | Ultralytics epoch 1 | Ultralytics epoch 2+ "
      "| per core, studio 1 / 2+ | per core, Ultralytics 1 / 2+ | per CPU-s, studio / Ultralytics "
      "| studio / Ultralytics, epoch 1 / 2+ |")
print("|---|---|---|---|---|---|---|---|---|")
for w in workers:
    s1, sc = med("studio", w, "epoch1_images_per_s")
    s2, _ = med("studio", w, "later_images_per_s_median")
    u1, uc = med("ultralytics", w, "epoch1_images_per_s")
    u2, _ = med("ultralytics", w, "later_images_per_s_median")
    scpu, _ = med("studio", w, "cpu")
    ucpu, _ = med("ultralytics", w, "cpu")
    print(f"| {w} | {s1:.1f} | {s2:.1f} | {u1:.1f} | {u2:.1f} | {s1 / sc:.1f} / {s2 / sc:.1f} "
          f"| {u1 / uc:.1f} / {u2 / uc:.1f} | {scpu:.1f} / {ucpu:.1f} | {s1 / u1:.2f}x / {s2 / u2:.2f}x |")
EOF
