#!/usr/bin/env python3
"""The GPU check's steps (scripts/gpu-check.sh runs this; standard library only, Python 3.9+).

On the GPU machine: builds core + CLI against the machine's own LibTorch and the bundle's libraries, then runs
the CLI on CUDA: the devices, a short fp16 training with the loss scaler, batch=auto under a 4 GiB budget (the
fit's predicted peak against the run's measured peak), the same run at 1.25x the batch (out of memory,
recovered), environment.json, and a 1-GPU NCCL world when the CLI has multi-GPU training. With --dry-run the
same steps run on this machine's CPU (device=cpu, amp off, smaller sizes). Writes gpu-check.json (every step:
ok, figures, the command and the tail of its output) and gpu-check.log under --out, plus the run files the
figures come from; at most 8 files, as the device tool brings back.
"""
import argparse
import csv
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = "4GiB"
FIT_TOLERANCE = 0.05       # the fit's predicted peak within 5% of the measured one
OVER_FACTOR = 1.25         # the over-budget run's batch, relative to the fit's


class Check:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.out)
        self.work = os.path.abspath(args.work)
        self.deadline = time.monotonic() + args.seconds
        self.result = {"started": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "dry_run": args.dry_run,
                       "device": args.device, "steps": {}}
        os.makedirs(self.out, exist_ok=True)
        os.makedirs(self.work, exist_ok=True)
        self.logf = open(os.path.join(self.out, "gpu-check.log"), "w", encoding="utf-8")
        self.cli = os.path.abspath(args.cli) if args.cli else os.path.join(self.work, "build", "app", "yolostudio-cli")
        self.env = dict(os.environ)
        deps = os.path.join(args.bundle, "deps")
        paths = [os.path.join(deps, "lib"), os.path.join(deps, "lib", "x86_64-linux-gnu")]
        paths += [os.path.join(deps, "fallback")] if args.fallback_libs else []
        self.env["LD_LIBRARY_PATH"] = ":".join(paths + [p for p in [os.environ.get("LD_LIBRARY_PATH", "")] if p])
        self.env["OMP_WAIT_POLICY"] = "PASSIVE"

    # ---- plumbing -------------------------------------------------------------------------------------

    def log(self, text):
        line = time.strftime("%H:%M:%S ") + text
        print(line, flush=True)
        self.logf.write(line + "\n")
        self.logf.flush()

    def left(self):
        return self.deadline - time.monotonic()

    def run(self, cmd, limit, env=None, cwd=None):
        """Runs cmd with a time limit (never past the deadline); returns (exit code or 'timeout', output)."""
        limit = max(1, min(limit, self.left() - 15))
        self.log("$ " + " ".join(cmd))
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", timeout=limit, env=env or self.env, cwd=cwd or self.work)
            code, text = p.returncode, p.stdout
        except subprocess.TimeoutExpired as e:
            code = "timeout"
            text = (e.stdout or b"").decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        secs = time.monotonic() - t0
        self.log(f"  -> {code} in {secs:.1f} s")
        return code, text, secs

    def step(self, name, fn):
        if self.left() < 30:
            self.result["steps"][name] = {"ok": False, "skipped": "out of time"}
            self.log(f"[{name}] skipped: out of time")
            return None
        self.log(f"[{name}]")
        try:
            r = fn() or {}
        except Exception as e:  # a step that breaks is a finding, not the end of the check
            r = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        self.result["steps"][name] = r
        self.log(f"[{name}] {'ok' if r.get('ok') else 'FAILED'}: " +
                 json.dumps({k: v for k, v in r.items() if k not in ("output_tail",)})[:600])
        self.save()
        return r

    def save(self):
        self.result["seconds"] = round(self.args.seconds - self.left(), 1)
        self.result["ok"] = all(s.get("ok") or s.get("skipped") for s in self.result["steps"].values())
        tmp = os.path.join(self.out, "gpu-check.json.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(self.result, f, indent=2)
        os.replace(tmp, os.path.join(self.out, "gpu-check.json"))

    def keep(self, path, name):
        """Copies a run file next to the results (the device tool brings back at most 8 files)."""
        if os.path.isfile(path):
            shutil.copyfile(path, os.path.join(self.out, name))

    @staticmethod
    def tail(text, n=25):
        return "\n".join(text.strip().splitlines()[-n:])

    # ---- steps ----------------------------------------------------------------------------------------

    def machine(self):
        r = {"ok": True, "torch_dir": self.args.torch_dir, "cores": os.cpu_count()}
        for key, cmd in (("gpus", ["nvidia-smi", "--query-gpu=name,memory.total,driver_version",
                                   "--format=csv,noheader"]),
                         ("cxx", ["c++", "--version"]), ("cmake", ["cmake", "--version"]),
                         ("nvcc", ["nvcc", "--version"])):
            try:
                p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30)
                r[key] = p.stdout.strip().splitlines()[0 if key != "nvcc" else -1] if p.stdout.strip() else ""
            except (OSError, subprocess.TimeoutExpired) as e:
                r[key] = f"unavailable ({e.__class__.__name__})"
        version = os.path.join(self.args.torch_dir, "version.py")
        if os.path.isfile(version):
            m = re.search(r"__version__ = '([^']+)'", open(version).read())
            r["torch"] = m.group(1) if m else ""
        return r

    def build(self):
        build = os.path.join(self.work, "build")
        deps = os.path.join(self.args.bundle, "deps")
        # A torch laid out as pip installs it (site-packages/torch beside site-packages/nvidia/cu13) is imported
        # as the users' build imports the wheel (cmake/TorchWheel.cmake, no toolkit); another through TorchConfig.
        site = os.path.dirname(os.path.abspath(self.args.torch_dir))
        wheel = os.path.isfile(os.path.join(site, "nvidia", "cu13", "lib", "libcudart.so.13"))
        torch_opts = [f"-DYS_LIBTORCH={self.args.torch_dir}", f"-DCMAKE_PREFIX_PATH={deps}"] if wheel else \
            [f"-DCMAKE_PREFIX_PATH={self.args.torch_dir};{deps}"]
        cfg = ["cmake", "-S", REPO, "-B", build, "-G", "Ninja", f"-DCMAKE_BUILD_TYPE={self.args.build_type}",
               *torch_opts,
               "-DYS_BUILD_GUI=OFF", "-DBUILD_TESTING=OFF", "-DYS_BUILD_BENCH=OFF", "-DYS_PACKAGING=OFF",
               "-DYS_REQUIRE_CUDA=ON", "-DTORCH_CUDA_ARCH_LIST=9.0",
               # libturbojpeg is not carried: no pkg-config, the checker decodes JPEGs with OpenCV.
               "-DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON",
               # CMake 4 (PyPI's, maybe there) refuses policy versions below 3.5 in older config files.
               "-DCMAKE_POLICY_VERSION_MINIMUM=3.5"]
        if self.args.dry_run:
            # This machine has the packages the GPU machine lacks: find_package must not see them.
            cfg.append("-DCMAKE_IGNORE_PREFIX_PATH=/usr")
        code, text, secs = self.run(cfg, 180)
        r = {"configure_seconds": round(secs, 1), "torch_import": "wheel" if wheel else "TorchConfig"}
        if code != 0:
            return dict(r, ok=False, error="configure failed", output_tail=self.tail(text, 40))
        jobs = str(self.args.jobs or os.cpu_count() or 2)
        code, text, secs = self.run(["ninja", "-C", build, "-j", jobs, "yolostudio-cli"], self.args.build_seconds)
        r.update(build_seconds=round(secs, 1), jobs=int(jobs))
        with open(os.path.join(self.work, "build.log"), "w") as f:
            f.write(text)
        if code != 0:
            errors = [l for l in text.splitlines() if "error" in l]
            return dict(r, ok=False, error="build failed", first_errors=errors[:10], output_tail=self.tail(text, 40))
        # What was used: no header of the machine's own OpenCV/yaml-cpp/nlohmann-json, the bundle's libraries.
        _, deps_text, _ = self.run(["ninja", "-C", build, "-t", "deps"], 60)
        stray = sorted({l.strip() for l in deps_text.splitlines()
                        if re.search(r"^\s*/usr/include/(opencv4|yaml-cpp|nlohmann)/", l)})
        _, ldd, _ = self.run(["ldd", self.cli], 30)
        missing = [l.strip() for l in ldd.splitlines() if "not found" in l]
        resolved = {m.group(1): m.group(2) for m in re.finditer(r"^\s*(\S+) => (\S+)", ldd, re.M)}
        from_bundle = sorted(k for k, v in resolved.items() if v.startswith(os.path.abspath(self.args.bundle)))
        torch_lib = os.path.realpath(os.path.join(self.args.torch_dir, "lib"))
        torch_libs = sorted(f"{k} => {v}" for k, v in resolved.items() if "libtorch" in k or "libc10" in k)
        r["torch_from_its_folder"] = all(os.path.realpath(v).startswith(torch_lib) for k, v in resolved.items()
                                         if "libtorch" in k or "libc10" in k)
        r.update(stray_system_headers=stray[:10], missing_libraries=missing, bundle_libraries=from_bundle,
                 torch_libraries=torch_libs)
        code, text, _ = self.run([self.cli, "--version"], 30)
        r["version"] = text.strip()
        r["ok"] = (code == 0 and not stray and not missing and any("opencv" in l for l in from_bundle)
                   and r["torch_from_its_folder"])
        return r

    def devices(self):
        path = os.path.join(self.work, "devices.json")
        code, text, _ = self.run([self.cli, "devices", f"json={path}"], 120)
        if code != 0:
            return {"ok": False, "exit": code, "output_tail": self.tail(text)}
        devices = json.load(open(path))
        self.keep(path, "devices.json")
        cuda = [d for d in devices if d.get("cuda")]
        ok = bool(devices) and devices[0]["id"] == "cpu" and (
            self.args.dry_run or (bool(cuda) and all(d["free_bytes"] > 0 and d["total_bytes"] >= d["free_bytes"]
                                                     for d in cuda)))
        return {"ok": ok, "devices": devices, "output": text.strip()}

    def demo(self):
        data = os.path.join(self.work, "demo")
        shutil.rmtree(data, ignore_errors=True)
        code, text, _ = self.run([self.cli, "demo", f"out={data}", "seed=1",
                                  f"train={self.args.train_images}", f"val={self.args.val_images}"], 120)
        self.data = os.path.join(data, "data.yaml")
        return {"ok": code == 0 and os.path.isfile(self.data), "output_tail": self.tail(text, 5)}

    def train(self, name, settings, limit, env=None, model="yolov8n.yaml", val=False, data=None):
        """One `yolostudio-cli train` run in work/runs/NAME; returns (exit, output, seconds, run folder)."""
        run_dir = os.path.join(self.work, "runs", name)
        shutil.rmtree(run_dir, ignore_errors=True)
        cmd = [self.cli, "train", f"data={data or self.data}", f"model={model}", f"device={self.args.device}",
               f"project={os.path.join(self.work, 'runs')}", f"name={name}", "exist_ok=true",
               f"val={'true' if val else 'false'}", f"workers={self.args.workers}"] + settings
        code, text, secs = self.run(cmd, limit, env=env)
        return code, text, secs, run_dir

    @staticmethod
    def read_csv(path):
        with open(path, newline="") as f:
            return list(csv.DictReader(f))

    @staticmethod
    def events(run_dir):
        path = os.path.join(run_dir, "events.jsonl")
        if not os.path.isfile(path):
            return []
        return [json.loads(l) for l in open(path) if l.strip()]

    def amp(self):
        amp = "off" if self.args.dry_run else "fp16"
        code, text, secs, run_dir = self.train("amp", ["epochs=2", f"imgsz={self.args.small_imgsz}", "batch=16",
                                                       f"amp={amp}"], 240)
        rows = self.read_csv(os.path.join(run_dir, "results.csv")) if os.path.isfile(
            os.path.join(run_dir, "results.csv")) else []
        losses = [float(v) for row in rows for k, v in row.items()
                  if k and k.strip().startswith("train/") and "loss" in k and v not in ("", None)]
        scaler = [l for l in text.splitlines() if "loss scale" in l]
        r = {"exit": code, "seconds": round(secs, 1), "epochs": len(rows), "losses": losses[:12],
             "scaler_lines": scaler, "amp": amp}
        finite = bool(losses) and all(math.isfinite(x) for x in losses)
        r["ok"] = code == 0 and len(rows) == 2 and finite and (self.args.dry_run or len(scaler) == 2)
        if not r["ok"]:
            r["output_tail"] = self.tail(text)
        return r

    def fit_run(self):
        """batch=auto under the budget: the fit's prediction (fit.json) against the run's memory.csv. The run
        needs full batches after the first optimizer step (its state is part of the peak): --train-images at
        least (accumulate + 2) x the batch."""
        code, text, secs, run_dir = self.train("fit", ["epochs=1", f"imgsz={self.args.imgsz}", "batch=auto",
                                                       f"vram={self.args.budget}", "amp=auto"], 300)
        fit_path, mem_path = os.path.join(run_dir, "fit.json"), os.path.join(run_dir, "memory.csv")
        r = {"exit": code, "seconds": round(secs, 1)}
        if code != 0 or not os.path.isfile(fit_path) or not os.path.isfile(mem_path):
            return dict(r, ok=False, output_tail=self.tail(text))
        self.keep(fit_path, "fit.json")
        self.keep(mem_path, "memory-fit-run.csv")
        self.keep(os.path.join(run_dir, "environment.json"), "environment.json")
        fit = json.load(open(fit_path))
        rec = fit["recommended"]
        context = int(fit.get("breakdown", {}).get("cuda_context", 0))
        rounding = 1.10 if not self.args.dry_run else 1.0   # kCudaRounding in core/memory/probe.cpp
        predicted_allocated = (rec["predicted_peak_bytes"] - context) / rounding
        samples = self.read_csv(mem_path)
        train_rows = [s for s in samples if s["phase"] not in ("checkpoint",)]
        measured_allocated = max(int(s["peak"]) for s in train_rows)
        measured_reserved = max(int(s["reserved"]) for s in train_rows)
        by_phase = {}
        for row in samples:
            by_phase[row["phase"]] = max(by_phase.get(row["phase"], 0), int(row["window_peak"]))
        error = measured_allocated / predicted_allocated - 1 if predicted_allocated > 0 else float("inf")
        self.fit = rec
        r.update(batch=rec["batch"], imgsz=rec["imgsz"], amp=rec.get("amp_mode", rec.get("amp")),
                 accumulate=rec["accumulate"], budget=self.args.budget, fits=rec["fits"],
                 predicted_peak_bytes=rec["predicted_peak_bytes"], cuda_context_bytes=context,
                 predicted_allocated_bytes=int(predicted_allocated), measured_allocated_bytes=measured_allocated,
                 measured_reserved_bytes=measured_reserved,
                 measured_device_bytes=int(measured_reserved + context),
                 allocated_error=round(error, 4), tolerance=FIT_TOLERANCE, measured_window_peak_by_phase=by_phase,
                 breakdown=fit.get("breakdown", {}))
        r["ok"] = abs(error) <= FIT_TOLERANCE and bool(rec["fits"])
        return r

    def over_budget(self):
        if not getattr(self, "fit", None):
            return {"ok": False, "skipped": "no fit to start from"}
        batch = int(math.ceil(self.fit["batch"] * OVER_FACTOR))
        amp = self.fit.get("amp_mode", "auto")
        code, text, secs, run_dir = self.train("over", ["epochs=1", f"imgsz={self.fit['imgsz']}",
                                                        f"batch={batch}", f"vram={self.args.budget}", f"amp={amp}"],
                                               300)
        ev = self.events(run_dir)
        self.keep(os.path.join(run_dir, "events.jsonl"), "events-over.jsonl")
        oom = [e for e in ev if e.get("kind") == "oom_recovered"]
        finished = any(e.get("kind") == "finish" for e in ev)
        r = {"exit": code, "seconds": round(secs, 1), "batch": batch, "oom_recovered": len(oom),
             "recoveries": [e.get("message", "") for e in oom][:4], "finished": finished}
        r["ok"] = code == 0 and finished and len(oom) >= 1
        if not r["ok"]:
            r["output_tail"] = self.tail(text)
        return r

    def environment(self):
        path = os.path.join(self.work, "runs", "fit", "environment.json")
        if not os.path.isfile(path):
            return {"ok": False, "error": "no environment.json (the fit run failed)"}
        env = json.load(open(path))
        r = {"environment": env}
        # A CUDA run records its GPU, the driver, CUDA and cuDNN; every run its LibTorch and device.
        r["ok"] = bool(env.get("libtorch")) and bool(env.get("device")) and (self.args.dry_run or (
            bool(env.get("gpus")) and all(env.get(k) for k in ("nvidia_driver", "cuda", "cudnn"))))
        return r

    def nccl(self):
        code, text, _ = self.run([self.cli, "train", "--help"], 30)
        if "nproc" not in text:
            return {"ok": True, "skipped": "this CLI has no multi-GPU training yet (issue 18): train --help "
                                           "does not mention nproc"}
        # A one-rank world as torchrun starts it: the trainer joins a NCCL process group on CUDA (Gloo on CPU),
        # with the synchronised BatchNorm (its exchanges on a second group, its op under autocast on the GPU).
        env = dict(self.env, RANK="0", LOCAL_RANK="0", WORLD_SIZE="1", LOCAL_WORLD_SIZE="1",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT="29517", TORCHELASTIC_RESTART_COUNT="0")
        code, text, secs, run_dir = self.train("nccl", ["epochs=1", f"imgsz={self.args.small_imgsz}", "batch=16",
                                                         "sync_bn=true"], 240, env=env)
        path = os.path.join(run_dir, "environment.json")
        flat = open(path).read().lower() if os.path.isfile(path) else ""
        backend = "gloo" if self.args.dry_run else "nccl"
        synced = '"sync_bn": true' in flat
        r = {"exit": code, "seconds": round(secs, 1), "backend_recorded": backend in flat, "sync_bn_recorded": synced}
        r["ok"] = code == 0 and backend in flat and synced
        if not r["ok"]:
            r["output_tail"] = self.tail(text)
        return r

    def yolo26(self):
        """YOLO26's end-to-end loss on the GPU (both assigner passes, the L1 term) under fp16 autocast, with
        validation (its one-to-one validation loss): finite losses in 8.4's l1_loss columns."""
        amp = "off" if self.args.dry_run else "fp16"
        code, text, secs, run_dir = self.train("yolo26", ["epochs=2", f"imgsz={self.args.small_imgsz}", "batch=16",
                                                          f"amp={amp}"], 240, model="yolo26n.yaml", val=True)
        path = os.path.join(run_dir, "results.csv")
        rows = self.read_csv(path) if os.path.isfile(path) else []
        cols = [k.strip() for k in rows[0].keys()] if rows else []
        values = [float(v) for row in rows for k, v in row.items() if k and "loss" in k and v not in ("", None)]
        r = {"exit": code, "seconds": round(secs, 1), "epochs": len(rows), "columns": cols[:12], "amp": amp,
             "last_row": rows[-1] if rows else {}}
        r["ok"] = (code == 0 and len(rows) == 2 and "train/l1_loss" in cols and "val/l1_loss" in cols and
                   bool(values) and all(math.isfinite(x) for x in values))
        if not r["ok"]:
            r["output_tail"] = self.tail(text)
        return r

    def yolo26_quality(self):
        """yolo26n from scratch on the default demo (240/60 images, seed 1) at 256 px, 60 epochs, fp32, seed 0:
        the settings of the CPU reference run of Ultralytics 8.4 (docs/BENCHMARKS.md); best.pt comes back to be
        scored by Ultralytics' val. Runs in what is left of the budget."""
        data_dir = os.path.join(self.work, "demo-default")
        shutil.rmtree(data_dir, ignore_errors=True)
        code, text, _ = self.run([self.cli, "demo", f"out={data_dir}"], 120)
        if code != 0:
            return {"ok": False, "output_tail": self.tail(text)}
        left = int(self.left()) - 20
        if left < 60:
            return {"ok": False, "skipped": f"{left} s left"}
        code, text, secs, run_dir = self.train("yolo26q", ["epochs=60", "imgsz=256", "batch=16", "amp=off", "seed=0"],
                                               left, model="yolo26n.yaml", val=True,
                                               data=os.path.join(data_dir, "data.yaml"))
        path = os.path.join(run_dir, "results.csv")
        rows = self.read_csv(path) if os.path.isfile(path) else []
        best = os.path.join(run_dir, "weights", "best.pt")
        if os.path.isfile(best):
            self.keep(best, "yolo26n-demo-best.pt")
        maps = [(int(r["epoch"]), float(r["metrics/mAP50(B)"]), float(r["metrics/mAP50-95(B)"])) for r in rows
                if r.get("metrics/mAP50-95(B)") not in (None, "")]
        top = max(maps, key=lambda m: 0.1 * m[1] + 0.9 * m[2]) if maps else None
        r = {"exit": code, "seconds": round(secs, 1), "epochs": len(rows), "complete": len(rows) == 60,
             "best_epoch_map50_map50_95": top, "last_row": rows[-1] if rows else {}}
        # A measurement in the time left: cut short by the budget is not a failure, a crash is.
        r["ok"] = code == 0 or (code == "timeout" and len(rows) > 0)
        if not r["ok"]:
            r["output_tail"] = self.tail(text)
        return r

    def main(self):
        self.log(f"GPU check ({'dry run on ' + self.args.device if self.args.dry_run else 'device ' + self.args.device}),"
                 f" {self.args.seconds} s")
        self.step("machine", self.machine)
        build = self.step("build", self.build) if not self.args.cli else {"ok": True, "skipped": "--cli given"}
        if not build or not os.path.isfile(self.cli):
            self.save()
            return 1
        for name, fn in (("devices", self.devices), ("demo", self.demo), ("amp_training", self.amp),
                         ("fit_and_measured_peak", self.fit_run), ("over_budget_recovers", self.over_budget),
                         ("environment", self.environment), ("nccl_world", self.nccl),
                         ("yolo26_training", self.yolo26), ("yolo26_quality", self.yolo26_quality)):
            self.step(name, fn)
        self.save()
        self.log("result: " + ("PASS" if self.result["ok"] else "FAIL") + f" ({self.result['seconds']} s)")
        return 0 if self.result["ok"] else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--torch-dir", required=True, help="the torch package folder (lib/, include/, share/cmake/)")
    ap.add_argument("--bundle", required=True, help="the bundle folder (.gpu-bundle)")
    ap.add_argument("--out", required=True, help="results folder")
    ap.add_argument("--work", required=True, help="build and run folder")
    ap.add_argument("--device", default="0")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--seconds", type=int, default=540, help="total time for every step")
    ap.add_argument("--build-seconds", type=int, default=330)
    ap.add_argument("--jobs", type=int, default=0)
    ap.add_argument("--build-type", default="Release")
    ap.add_argument("--budget", default=BUDGET)
    ap.add_argument("--imgsz", type=int, default=640)
    ap.add_argument("--small-imgsz", type=int, default=320)
    ap.add_argument("--train-images", type=int, default=256)
    ap.add_argument("--val-images", type=int, default=32)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--fallback-libs", action="store_true", help="also load the bundle's libjpeg/libpng")
    ap.add_argument("--cli", help="run the steps with this yolostudio-cli instead of building one")
    return Check(ap.parse_args()).main()


if __name__ == "__main__":
    sys.exit(main())
