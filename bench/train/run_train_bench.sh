#!/usr/bin/env bash
# Training throughput and overhead over the compute floor, N runs per setting, medians (docs/BENCHMARKS.md).
# usage: bench/train/run_train_bench.sh BUILD_DIR [DATA_YAML] [RUNS]
# Run on a quiet machine: OpenMP threads of two busy processes on the same cores slow each other 2-5x.
set -euo pipefail
build=${1:?build dir}
data=${2:-$(dirname "$0")/../../../shared/datasets/coco128/data.yaml}
runs=${3:-5}
bin="$build/bench/train/bench_train"
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for setting in "320 auto 6" "320 off 6" "640 auto 3" "640 off 3"; do
    read -r imgsz amp epochs <<<"$setting"
    out=$(mktemp -d)
    for i in $(seq "$runs"); do
        "$bin" data="$data" imgsz="$imgsz" amp="$amp" epochs="$epochs" batch=8 threads=2 json="$out/$i.json" >/dev/null 2>&1
    done
    field() { for f in "$out"/*.json; do python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$f" "$1"; done | median; }
    printf 'imgsz %s amp %-4s  train %5.1f img/s  floor %5.1f img/s  overhead %.3fx  peak RSS %4.0f MiB  (median of %s)\n' \
        "$imgsz" "$amp" "$(field train_img_s)" "$(field floor_img_s)" "$(field overhead)" "$(field peak_rss_mib)" "$runs"
    rm -rf "$out"
done
