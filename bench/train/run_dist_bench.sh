#!/usr/bin/env bash
# One process x 2 threads against 2 processes x 1 thread (data parallel over Gloo on loopback; and the same
# with sync_bn=true) on the same training run, N runs each, alternating, medians: wall time of the whole command and the training images/s of
# results.csv (every epoch after the first). Then bench_dist: the all-reduce per step against bucket size.
# usage: bench/train/run_dist_bench.sh BUILD_DIR [DATA_YAML] [RUNS] [EPOCHS]
# Run on a quiet machine: OpenMP threads of two busy processes on the same cores slow each other 2-5x.
set -euo pipefail
build=${1:?build dir}
data=${2:-$(dirname "$0")/../../../shared/datasets/coco128/data.yaml}
runs=${3:-3}
epochs=${4:-3}
cli="$build/app/yolostudio-cli"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
common=(data="$data" model=yolov8n.yaml epochs="$epochs" imgsz=320 batch=8 workers=0 amp=off val=false
        close_mosaic=0 seed=1 project="$out" exist_ok=true)
for i in $(seq "$runs"); do
    for setting in one two sync; do
        case $setting in
            one) extra=(threads=2 name=one$i) ;;
            two) extra=(threads=1 device=cpu nproc=2 name=two$i) ;;
            sync) extra=(threads=1 device=cpu nproc=2 sync_bn=true name=sync$i) ;;
        esac
        t0=$(date +%s.%N)
        OMP_WAIT_POLICY=PASSIVE "$cli" train "${common[@]}" "${extra[@]}" >"$out/$setting$i.log" 2>&1
        t1=$(date +%s.%N)
        echo "$t1 - $t0" | bc >>"$out/$setting.wall"
        # train/images_per_s of every epoch after the first
        awk -F, 'NR == 1 {for (c = 1; c <= NF; ++c) if ($c == "train/images_per_s") k = c} NR > 2 {print $k}' \
            "$out/$setting$i/results.csv" | median >>"$out/$setting.ips"
    done
done
for setting in one two sync; do
    case $setting in
        one) label="1 process x 2 threads          " ;;
        two) label="2 processes x 1 thread         " ;;
        sync) label="2 processes x 1 thread, sync_bn" ;;
    esac
    printf '%s  wall %6.1f s  train %5.1f img/s  (median of %s runs, %s epochs, imgsz 320, batch 8)\n' "$label" \
        "$(median <"$out/$setting.wall")" "$(median <"$out/$setting.ips")" "$runs" "$epochs"
done
OMP_WAIT_POLICY=PASSIVE "$build/bench/train/bench_dist" imgsz=320 batch=4 threads=1 iters=8 buckets=0.25,1,4,25
