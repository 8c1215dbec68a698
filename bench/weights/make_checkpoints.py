# Writes fp16 Ultralytics checkpoints of untrained models, as `YOLO("yolov8x.yaml").save(...)` does, for
# bench_weights (files of every scale without downloading released weights). Run with the reference tool:
#   ../shared/tools/reference-ultralytics.sh python bench/weights/make_checkpoints.py OUT_DIR yolov8n yolov8x ...
import sys
from pathlib import Path

from ultralytics import YOLO

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
for stem in sys.argv[2:]:
    path = out / f"{stem}.pt"
    YOLO(f"{stem}.yaml").save(str(path))
    print(path, path.stat().st_size)
