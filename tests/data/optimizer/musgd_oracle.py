# The oracle numbers in tests/core/train/test_musgd.cpp, from Ultralytics 8.4.190 (its optim/muon.py and
# BaseTrainer.build_optimizer), run as:
#   DEST=/opt/ultralytics-ref-8.4 ../shared/tools/reference-ultralytics.sh python tests/data/optimizer/musgd_oracle.py
# 1. two MuSGD(muon=0.2, sgd=1.0) steps on a 4x3 matrix, a 2x3x2x2 conv filter and a bias, with Newton-Schulz in
#    float64 (Debian's torch 1.13 rounds its CPU bf16 matmuls coarser than LibTorch 2.11; the bf16 run is printed
#    too); 2. the parameter groups build_optimizer makes for yolo26n.yaml at nc=3.
import math
from types import SimpleNamespace

import torch
from ultralytics.engine.trainer import BaseTrainer
from ultralytics.nn.tasks import DetectionModel
from ultralytics.optim.muon import MuSGD


def fill(shape, k, f):
    n = math.prod(shape)
    return torch.tensor([f(0.37 * i + 0.23 * i * i + k) for i in range(n)], dtype=torch.float32).reshape(shape)


def two_steps(float64):
    bf16 = torch.Tensor.bfloat16
    if float64:
        torch.Tensor.bfloat16 = lambda self: self.double()
    w = fill((4, 3), 0.1, math.sin).requires_grad_()
    c = fill((2, 3, 2, 2), 0.5, math.cos).requires_grad_()
    b = fill((2,), 0.9, math.sin).requires_grad_()
    opt = MuSGD([dict(params=[w, c], lr=0.01, momentum=0.9, nesterov=True, weight_decay=5e-4, use_muon=True),
                 dict(params=[b], lr=0.02, momentum=0.9, nesterov=True, weight_decay=0.0, use_muon=False)],
                muon=0.2, sgd=1.0)
    for step in range(2):
        for p, k in ((w, 1.3), (c, 2.1), (b, 0.4)):
            p.grad = fill(p.shape, k + step, math.cos) * 0.1
        opt.step()
    torch.Tensor.bfloat16 = bf16
    for name, p in (("matrix", w), ("conv filter", c), ("bias", b)):
        print(("float64 " if float64 else "bf16 ") + name, ", ".join("%.9g" % v for v in p.detach().flatten().tolist()))


two_steps(True)
two_steps(False)
model = DetectionModel("yolo26n.yaml", nc=3, verbose=False)
opt = BaseTrainer.build_optimizer(SimpleNamespace(), model, name="MuSGD", lr=0.01, momentum=0.9, decay=5e-4)
for g in opt.param_groups:
    print(g["param_group"], "lr", g["lr"], "tensors", len(g["params"]), "numbers", sum(p.numel() for p in g["params"]))
