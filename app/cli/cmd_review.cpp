// `review`: the labels a trained model disagrees with, most likely mistakes first (core/review/review.h).
#include "cli/commands.h"

#include "review/review.h"

#include <cstdio>
#include <string>

namespace ys::cli {
namespace {

constexpr const char* kReviewHelp =
    "usage: yolostudio-cli review data=PATH weights=FILE [split=val] [conf=0.25] [imgsz=0] [top=50]\n"
    "                             [json=FILE] [save=FILE|none] [device=cpu]\n"
    "\n"
    "Predicts every image of a split with the weights and lists the labels the model disagrees with, most\n"
    "likely mistakes first: missing label (a confident prediction no label matches), wrong class, poor box (with\n"
    "the box the model suggests) and spurious label (nothing predicted near a box of a class the model finds).\n"
    "Scores are 0..1 on one scale for every kind: confidences are calibrated per class on how confident the\n"
    "model is on the labels of that class it does find. Nothing is written into the dataset.\n"
    "\n"
    "  data=PATH      the dataset's data.yaml (or its folder); demo: the built-in demo dataset\n"
    "  weights=FILE   a YOLO Studio run's .pt, an Ultralytics checkpoint or an exported .onnx (required)\n"
    "  split=val      the images to review: val, train or all\n"
    "  conf=0.25      the lowest confidence at which a prediction counts as the model finding an object\n"
    "  imgsz=0        prediction size (longest side); 0 uses the size the weights were trained at\n"
    "  top=50         suspects printed (0: all); the JSON file has all of them\n"
    "  json=FILE      also write every suspect (image, label file and line, kind, score, classes, boxes,\n"
    "                 suggested box, reason) and the per-class calibration as JSON\n"
    "  save=FILE      where the review is kept for the studio and the report (the same JSON); by default\n"
    "                 RUN/review.json when the weights lie in a run's weights folder (RUN/weights/*.pt),\n"
    "                 else nowhere; none: not saved\n"
    "  device=cpu     cpu, or a CUDA device (0)\n"
    "\n"
    "Exit status: 0 when the review ran (whatever it found), 2 for bad arguments or unreadable input (the file\n"
    "is named on stderr), 1 when the review failed.\n";

// save=: kept beside the run by default (RUN/review.json), so the Runs page, the Dataset page and the report
// show it; save=FILE elsewhere, save=none not at all.
int saveResult(const Args& args, const ReviewResult& result)
{
    const std::string save = args.has("save") ? args.str("save") : reviewPathForWeights(result.weights);
    if (save.empty() || save == "none")
        return kExitOk;
    if (auto err = saveReview(result, save)) {
        std::fprintf(stderr, "error: cannot save the review to %s: %s\n", save.c_str(), err->toString().c_str());
        return kExitUsage;
    }
    std::printf("saved %s\n", save.c_str());
    return kExitOk;
}

}  // namespace

int cmdReview(const Args& args)
{
    const std::string needs = "review needs data=PATH and weights=FILE";
    if (auto exit = checkArguments(args, {.help = kReviewHelp,
                                          .known = {"data", "weights", "split", "conf", "imgsz", "top", "json",
                                                    "save", "device"},
                                          .required = {{"data", needs}, {"weights", needs}}}))
        return *exit;
    const auto conf = args.number("conf", 0.25);
    const auto imgsz = args.integer("imgsz", 0);
    const auto top = args.integer("top", 50);
    if (!conf || !imgsz || !top)
        return kExitUsage;
    if (*conf <= 0 || *conf > 1) {
        std::fprintf(stderr, "error: conf must be in (0, 1], not %g\n", *conf);
        return kExitUsage;
    }
    if (*imgsz < 0 || *top < 0) {
        std::fprintf(stderr, "error: %s must not be negative\n", *imgsz < 0 ? "imgsz" : "top");
        return kExitUsage;
    }
    ReviewOptions o;
    o.data = args.str("data");
    o.weights = args.str("weights");
    o.imgsz = *imgsz;
    o.device = args.str("device", "cpu");
    o.scoring.conf = *conf;
    const std::string split = args.str("split", "val");
    if (split == "val")
        o.split = ReviewSplit::Val;
    else if (split == "train")
        o.split = ReviewSplit::Train;
    else if (split == "all")
        o.split = ReviewSplit::All;
    else {
        std::fprintf(stderr, "error: split must be val, train or all, not '%s'\n", split.c_str());
        return kExitUsage;
    }

    auto r = reviewLabels(o, terminalProgress());
    if (!r)
        return reportError(r.error());
    for (const std::string& f : r->failed)
        std::fprintf(stderr, "warning: %s (left out)\n", f.c_str());
    for (const std::string& line : suspectTable(*r, *top))
        std::printf("%s\n", line.c_str());
    int counts[kSuspectKindCount] = {};
    for (const Suspect& s : r->suspects)
        ++counts[static_cast<int>(s.kind)];
    std::printf("%zu images, %lld labels, %lld predictions reviewed in %.1f s: %zu suspects (%d missing label, "
                "%d wrong class, %d poor box, %d spurious label)%s\n",
                r->images.size(), static_cast<long long>(r->labels), static_cast<long long>(r->predictions),
                r->seconds, r->suspects.size(), counts[0], counts[1], counts[2], counts[3],
                *top > 0 && r->suspects.size() > static_cast<size_t>(*top) ? "; top shown" : "");
    if (const double share = reviewFoundShare(*r); share >= 0 && share < kWeakReviewShare)
        std::printf("note: the model finds only %.0f%% of the labels at conf=%g; train it further for a review "
                    "worth reading\n",
                    100.0 * share, *conf);
    if (args.has("json")) {
        if (auto err = saveReview(*r, args.str("json"))) {
            std::fprintf(stderr, "error: cannot write the JSON result: %s\n", err->toString().c_str());
            return kExitUsage;
        }
        std::printf("suspects written to %s\n", args.str("json").c_str());
    }
    return saveResult(args, *r);
}

}  // namespace ys::cli
