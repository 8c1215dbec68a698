# Writes what the installed Ultralytics computes for the shared metrics fixtures (../shared/fixtures/metrics/coco128):
# its own match_predictions, ap_per_class and ConfusionMatrix, called as its validator calls them. The release's
# figures are merged into OUT (ultralytics-metrics.json beside this script), under its version. Run it with each
# release (AGPL code, run as an oracle, not copied):
#   ../shared/tools/reference-ultralytics.sh python ultralytics_metrics.py ultralytics-metrics.json
#   DEST=/opt/ultralytics-ref-8.4 ../shared/tools/reference-ultralytics.sh python ultralytics_metrics.py ultralytics-metrics.json
# 8.4 walks each image's detections most confident first (its NMS output is so), so they are sorted first (stable).
# The confusion matrix is written sparse: [predicted, true, count] for the non-zero cells.
import sys, os, json, glob
import numpy as np, torch
import ultralytics
from ultralytics.utils.metrics import box_iou, ap_per_class, ConfusionMatrix, DetMetrics
from ultralytics.engine.validator import BaseValidator

V = ultralytics.__version__
v84 = V.startswith('8.4')
shared = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../../shared'))
root = shared + '/datasets/coco128'

class Stub:
    iouv = torch.linspace(0.5, 0.95, 10)
match = lambda *a: BaseValidator.match_predictions(Stub(), *a)

def rows(p):
    if not os.path.exists(p):
        return np.zeros((0, 6), np.float32)
    a = np.loadtxt(p, ndmin=2, dtype=np.float32)
    return a if a.size else np.zeros((0, 6), np.float32)

def xyxy(a):
    b = torch.from_numpy(a[:, 1:5].copy())
    return torch.stack([b[:, 0] - b[:, 2] / 2, b[:, 1] - b[:, 3] / 2, b[:, 0] + b[:, 2] / 2, b[:, 1] + b[:, 3] / 2], 1)

def score(labels_dir, pred_dir, nc):
    images = sorted(os.listdir(root + '/images/val'))
    tps, confs, pcls, tcls = [], [], [], []
    cm = ConfusionMatrix(names={i: str(i) for i in range(nc)}) if v84 else ConfusionMatrix(nc=nc, conf=0.001)
    for im in images:
        stem = os.path.splitext(im)[0]
        g = rows(labels_dir + '/' + stem + '.txt')
        d = rows(pred_dir + '/' + stem + '.txt')
        if d.shape[1] < 6:
            d = np.zeros((0, 6), np.float32)
        order = np.argsort(-d[:, 5], kind='stable') if v84 else np.arange(len(d))
        d = d[order]
        gb, db = xyxy(g) if len(g) else torch.zeros((0, 4)), xyxy(d) if len(d) else torch.zeros((0, 4))
        gc = torch.from_numpy(g[:, 0].copy()) if len(g) else torch.zeros(0)
        dc = torch.from_numpy(d[:, 0].copy()) if len(d) else torch.zeros(0)
        dconf = torch.from_numpy(d[:, 5].copy()) if len(d) else torch.zeros(0)
        if len(d) == 0:
            tp = np.zeros((0, 10), bool)
        elif len(g) == 0:
            tp = np.zeros((len(d), 10), bool)
        else:
            tp = match(dc, gc, box_iou(gb, db)).cpu().numpy()
        tps.append(tp); confs.append(d[:, 5]); pcls.append(d[:, 0]); tcls.append(g[:, 0])
        if v84:
            cm.process_batch({'bboxes': db, 'conf': dconf, 'cls': dc}, {'bboxes': gb, 'cls': gc}, conf=0.001)
        else:
            det = torch.cat([db, dconf[:, None], dc[:, None]], 1) if len(d) else None
            cm.process_batch(det, gb, gc)
    tp, conf, pc, tc = (np.concatenate(x, 0) for x in (tps, confs, pcls, tcls))
    res = ap_per_class(tp, conf, pc, tc)
    p, r, ap, cls = res[2], res[3], res[5], res[6]
    out = {'mAP50': float(ap[:, 0].mean()), 'mAP50-95': float(ap.mean()), 'P': float(p.mean()), 'R': float(r.mean()),
           'classes': cls.tolist(), 'AP50': ap[:, 0].tolist(), 'AP50-95': ap.mean(1).tolist(),
           'per_class_P': p.tolist(), 'per_class_R': r.tolist(), 'predictions': int(len(conf)),
           'confusion': [[int(i), int(j), int(cm.matrix[i, j])] for i, j in zip(*np.nonzero(cm.matrix))]}
    return out

cases = {}
for case in ['typical', 'low_recall', 'sloppy_boxes', 'many_false']:
    cases[case] = score(root + '/labels/val', shared + '/fixtures/metrics/coco128/' + case + '/labels', 80)
    print(V, case, cases[case]['mAP50'], cases[case]['mAP50-95'], cases[case]['P'], cases[case]['R'])
doc = json.load(open(sys.argv[1])) if os.path.exists(sys.argv[1]) else {}
doc[V] = cases
json.dump(doc, open(sys.argv[1], 'w'), separators=(',', ':'), sort_keys=True)
