#!/usr/bin/env python3
"""Runs files written by `yolostudio-cli export` through ONNX Runtime (a check by hand, not a CI test: ONNX
Runtime is not a Debian 12 package; install it in a virtual environment from PyPI first:
    python3 -m venv /tmp/ort && /tmp/ort/bin/pip install onnxruntime numpy
    /tmp/ort/bin/python scripts/check_onnxruntime.py build/app/yolostudio-cli ../shared/fixtures/ultralytics

For each Ultralytics fixture (best.pt, input.f32 and output.f32 as Ultralytics computed them) it exports
  - opset 12, static (the default), opset 13 and opset 17 static, at the fixture's batch and size,
  - opset 17 with dynamic=true,
runs each in ONNX Runtime's CPU provider on input.f32 and compares with output.f32 (boxes in pixels, class
scores), reads the metadata as Ultralytics' AutoBackend does (names, stride, imgsz, batch, task); the dynamic file also runs at other batches and sizes, against a static file exported at that size
(which the export itself compared with LibTorch through OpenCV). Prints one line per check and exits 1 when
any difference is over the tolerance (boxes 1e-3 px, scores 1e-4, as test_export's fixture check).
"""
import ast
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnxruntime as ort

BOX_TOL, SCORE_TOL = 1e-3, 1e-4


def export(cli, weights, out, **options):
    args = [cli, "export", f"weights={weights}", f"out={out}"] + [f"{k}={v}" for k, v in options.items()]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.strip() or done.stdout.strip()}")
    return out


def run(path, x):
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    inputs, outputs = session.get_inputs(), session.get_outputs()
    assert [i.name for i in inputs] == ["images"] and [o.name for o in outputs] == ["output0"], path
    return session.run(None, {"images": x})[0]


def ultralytics_metadata(path):
    """The metadata as Ultralytics' AutoBackend reads an ONNX file's (ultralytics/nn/autobackend.py): stride and
    batch as int, imgsz, names and args as Python literals."""
    meta = dict(ort.InferenceSession(path, providers=["CPUExecutionProvider"]).get_modelmeta().custom_metadata_map)
    for k, v in meta.items():
        if k in ("stride", "batch"):
            meta[k] = int(v)
        elif k in ("imgsz", "names", "kpt_shape", "args"):
            meta[k] = ast.literal_eval(v)
    return meta


def diffs(got, ref):
    if got.shape != ref.shape:
        return float("inf"), float("inf")
    return float(np.abs(got[:, :4] - ref[:, :4]).max()), float(np.abs(got[:, 4:] - ref[:, 4:]).max())


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    cli, fixtures = sys.argv[1], sys.argv[2]
    failures = 0
    print(f"ONNX Runtime {ort.__version__}, numpy {np.__version__}")
    with tempfile.TemporaryDirectory() as tmp:
        for folder in sorted(os.listdir(fixtures)):
            d = os.path.join(fixtures, folder)
            if not os.path.exists(os.path.join(d, "io.json")):
                continue
            io = json.load(open(os.path.join(d, "io.json")))
            shape, oshape = io["input_shape"], io["output_shape"]
            x = np.fromfile(os.path.join(d, "input.f32"), dtype=np.float32).reshape(shape)
            ref = np.fromfile(os.path.join(d, "output.f32"), dtype=np.float32).reshape(oshape)
            weights = os.path.join(d, "best.pt")
            b, s = shape[0], shape[2]

            def check(what, got, expected):
                nonlocal failures
                box, score = diffs(got, expected)
                ok = box < BOX_TOL and score < SCORE_TOL
                failures += not ok
                print(f"{'ok  ' if ok else 'FAIL'} {folder:16s} {what:44s} {list(got.shape)!s:16s} "
                      f"max diff boxes {box:.2e} px, scores {score:.2e}")

            for opset in (12, 13, 17):
                f = export(cli, weights, os.path.join(tmp, f"{folder}-{opset}.onnx"), imgsz=s, batch=b, opset=opset)
                check(f"opset {opset}, static, vs Ultralytics", run(f, x), ref)
            meta = ultralytics_metadata(f)
            names = {int(k): v for k, v in io["names"].items()}
            ok = (meta["names"] == names and meta["stride"] == 32 and meta["batch"] == b and
                  list(meta["imgsz"]) == [s, s] and meta["task"] == "detect" and meta["args"]["opset"] == 17)
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {folder:16s} metadata as Ultralytics' AutoBackend reads it: "
                  f"{len(names)} names, stride {meta['stride']}, imgsz {meta['imgsz']}, task {meta['task']}")
            dyn = export(cli, weights, os.path.join(tmp, f"{folder}-dynamic.onnx"), imgsz=s, dynamic="true", opset=17)
            check("opset 17, dynamic, vs Ultralytics", run(dyn, x), ref)
            # Other batches and sizes (one a rectangle): the dynamic file against static ones made at that size.
            rng = np.random.default_rng(1)
            for nb, h, w in ((1, 256, 256), (3, 192, 320)):
                y = rng.random((nb, 3, h, w), dtype=np.float32)
                st = export(cli, weights, os.path.join(tmp, f"{folder}-{h}x{w}.onnx"), imgsz=f"{h},{w}", batch=nb)
                check(f"opset 17, dynamic, batch {nb} {h}x{w} vs static", run(dyn, y), run(st, y))
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
