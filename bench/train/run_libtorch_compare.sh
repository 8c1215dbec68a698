#!/usr/bin/env bash
# Two builds of the studio side by side on this machine, interleaved (A B A B ...) so both see the same machine
# state: e.g. the torch wheel's LibTorch 2.x (MKL, oneDNN) against Debian's 1.13 (OpenBLAS). docs/BENCHMARKS.md.
#   bench/train/run_libtorch_compare.sh BUILD_A BUILD_B [DATA_YAML] [RUNS=3]
# Per build, medians of RUNS:
#   train  yolostudio-cli train, yolov8n, imgsz 320, batch 8, 1 epoch, 2 threads: wall seconds and img/s of the epoch
#   val    yolostudio-cli val of that run's last.pt, imgsz 320, batch 8 (every core): wall seconds
#   floor  bench_train at 320 (amp auto = bf16 where the CPU has it, and off = fp32), 3 epochs: the trainer's
#          img/s against the bare forward+backward floor measured in the same process (overhead = floor / train)
# Run on a quiet machine.
set -euo pipefail
a=${1:?build A}; b=${2:?build B}
data=${3:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/datasets/coco128/data.yaml}
runs=${4:-3}
out=$(mktemp -d /tmp/ys-libtorch-compare.XXXX)
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for build in "$a" "$b"; do echo "$build: $(ldd "$build/app/yolostudio-cli" | awk '/libtorch_cpu/ {print $3}')"; done
for i in $(seq "$runs"); do
  for build in "$a" "$b"; do
    tag=$(basename "$build")-$i
    /usr/bin/time -f %e -o "$out/train-$tag.wall" "$build/app/yolostudio-cli" train data="$data" model=yolov8n.yaml \
      imgsz=320 batch=8 epochs=1 threads=2 workers=2 val=false project="$out/runs" name="$tag" >"$out/train-$tag.log" 2>&1
    weights=$(ls -d "$out"/runs/"$tag"*/weights/last.pt | head -1)
    /usr/bin/time -f %e -o "$out/val-$tag.wall" "$build/app/yolostudio-cli" val data="$data" weights="$weights" \
      imgsz=320 batch=8 >"$out/val-$tag.log" 2>&1
    for amp in auto off; do
      "$build/bench/train/bench_train" data="$data" imgsz=320 amp=$amp epochs=3 batch=8 threads=2 \
        json="$out/floor-$amp-$tag.json" >/dev/null 2>&1
    done
  done
done
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
for build in "$a" "$b"; do
  n=$(basename "$build")
  train=$(cat "$out"/train-"$n"-*.wall | median)
  val=$(cat "$out"/val-"$n"-*.wall | median)
  printf '%-14s train 1 epoch %6.1f s   val %5.1f s' "$n" "$train" "$val"
  for amp in auto off; do
    t=$(for f in "$out"/floor-$amp-"$n"-*.json; do field "$f" train_img_s; done | median)
    o=$(for f in "$out"/floor-$amp-"$n"-*.json; do field "$f" overhead; done | median)
    printf '   %s: trainer %5.1f img/s, overhead %.3fx' "$amp" "$t" "$o"
  done
  echo
done
echo "(medians of $runs; logs in $out)"
