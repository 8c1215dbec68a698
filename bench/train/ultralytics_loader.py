"""Ultralytics' own training data loader alone, timed as bench_loader times the studio's (issue 25).

The loader is built as Ultralytics' detection trainer builds it: a cfg from ultralytics.cfg.get_cfg (its
default hyperparameters: mosaic 1.0, augment, rect=False, cache=False) with this script's overrides, the
dataset from ultralytics.data.build_yolo_dataset(mode="train") and the loader from
ultralytics.data.build_dataloader. Every batch of each epoch is pulled as fast as possible (no model); images
per second come from the batch size of each collated 'img' tensor.

Runs under the reference trainer (Ultralytics is AGPL: it is run as an oracle, nothing of it is copied):
    DEST=/opt/ultralytics-ref-8.4 ../shared/tools/reference-ultralytics.sh python \
        bench/train/ultralytics_loader.py data=/tmp/coco128-bench/data.yaml imgsz=640 batch=16 workers=2 epochs=2
Point it at a copy of a dataset: Ultralytics writes labels/*.cache next to the label folders.

Arguments (key=value, as the studio's benches): data=PATH imgsz=640 batch=16 workers=2 epochs=2 json=FILE.
"""

import json
import os
import statistics
import sys
import time


def parse_args(argv):
    args = {}
    for a in argv:
        if "=" in a:
            k, v = a.split("=", 1)
            args[k] = v
    return args


def cpu_seconds(loader):
    """User + system CPU seconds so far of this process and of the loader's live worker processes."""
    t = os.times()
    total = t.user + t.system
    tick = os.sysconf("SC_CLK_TCK")
    for w in getattr(getattr(loader, "iterator", None), "_workers", ()):
        try:
            with open(f"/proc/{w.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        except (OSError, IndexError, ValueError):
            pass
    return total


def main(argv):
    args = parse_args(argv)
    data_yaml = args.get("data", "")
    if not data_yaml:
        print("usage: ultralytics_loader.py data=PATH [imgsz=640] [batch=16] [workers=2] [epochs=2] [json=FILE]",
              file=sys.stderr)
        return 2
    imgsz = int(args.get("imgsz", 640))
    batch = int(args.get("batch", 16))
    workers = int(args.get("workers", 2))
    epochs = int(args.get("epochs", 2))

    import torch
    import ultralytics
    from ultralytics.cfg import get_cfg
    from ultralytics.data import build_dataloader, build_yolo_dataset
    from ultralytics.data.utils import check_det_dataset

    overrides = dict(task="detect", mode="train", data=data_yaml, imgsz=imgsz, batch=batch, workers=workers,
                     cache=False, rect=False, verbose=False)
    cfg = get_cfg(overrides=overrides)
    data = check_det_dataset(data_yaml)
    # As DetectionTrainer.build_dataset: mode "train", the model's largest stride (32 for YOLOv8/11/26).
    dataset = build_yolo_dataset(cfg, data["train"], batch, data, mode="train", rect=False, stride=32)
    # As DetectionTrainer.get_dataloader for training: shuffle, the trainer's workers. device="cpu": there is no
    # GPU here, so no pinned memory, as the trainer on the CPU.
    loader = build_dataloader(dataset, batch=batch, workers=cfg.workers, shuffle=True, rank=-1, drop_last=False,
                              device="cpu")
    cores = loader.num_workers if loader.num_workers > 0 else 1

    per_epoch = []
    for epoch in range(epochs):
        waits = []
        images = 0
        cpu0 = cpu_seconds(loader)  # before the first epoch: no workers yet, they start at 0
        t0 = time.perf_counter()
        last = t0
        for b in loader:  # the first epoch includes starting the worker processes
            images += int(b["img"].shape[0])
            now = time.perf_counter()
            waits.append(now - last)
            last = now
        seconds = last - t0
        cpu = cpu_seconds(loader) - cpu0
        per_epoch.append(dict(epoch=epoch + 1, images=images, batches=len(waits), seconds=seconds, cpu_seconds=cpu,
                              images_per_s=images / seconds if seconds > 0 else 0.0,
                              images_per_s_per_core=images / seconds / cores if seconds > 0 else 0.0,
                              wait_ms_median=1e3 * statistics.median(waits) if waits else 0.0,
                              wait_ms_max=1e3 * max(waits) if waits else 0.0))
    if hasattr(loader, "close"):
        loader.close()

    later = [e["images_per_s"] for e in per_epoch[1:]]
    result = dict(
        loader="ultralytics", ultralytics=ultralytics.__version__, torch=torch.__version__,
        data=os.path.abspath(data_yaml), imgsz=imgsz, batch=batch, workers=loader.num_workers, cores=cores,
        images=len(dataset), epochs=per_epoch,
        epoch1_images_per_s=per_epoch[0]["images_per_s"] if per_epoch else 0.0,
        later_images_per_s_median=statistics.median(later) if later else 0.0,
        images_per_s_median=statistics.median(e["images_per_s"] for e in per_epoch) if per_epoch else 0.0,
    )
    for e in per_epoch:
        per_cpu = e["images"] / e["cpu_seconds"] if e["cpu_seconds"] > 0 else 0.0
        print(f"  epoch {e['epoch']}: {e['images']} images in {e['seconds']:.2f} s, {e['images_per_s']:.1f} img/s, "
              f"{e['images_per_s_per_core']:.1f} per core, "
              f"{per_cpu:.1f} per CPU-second; wait per batch median {e['wait_ms_median']:.1f} ms "
              f"max {e['wait_ms_max']:.1f} ms")
    print(f"summary loader=ultralytics imgsz={imgsz} batch={batch} workers={loader.num_workers} cores={cores} "
          f"epoch1={result['epoch1_images_per_s']:.1f} later={result['later_images_per_s_median']:.1f} "
          f"median={result['images_per_s_median']:.1f} img/s "
          f"per_core_epoch1={result['epoch1_images_per_s'] / cores:.1f} "
          f"per_core_later={result['later_images_per_s_median'] / cores:.1f}")
    text = json.dumps(result, indent=1)
    print(text)
    if "json" in args:
        with open(args["json"], "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
