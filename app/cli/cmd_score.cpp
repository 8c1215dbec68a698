// `val predictions=DIR`: scores prediction files of any tool against a dataset split (core/eval/score.h).
#include "cli/commands.h"

#include "common/fileutil.h"
#include "eval/score.h"

#include <cstdio>
#include <string>

namespace ys::cli {
namespace {

constexpr const char* kScoreHelp =
    "usage: yolostudio-cli val data=PATH predictions=DIR [split=val] [metrics=8.4] [json=FILE] [max_problems=50]\n"
    "\n"
    "Scores YOLO-format prediction files written by any tool against the dataset's labels, with the same\n"
    "P, R, mAP50 and mAP50-95 as `val` (Ultralytics' definitions), and prints the per-class table.\n"
    "\n"
    "  data=PATH         the dataset's data.yaml (required)\n"
    "  predictions=DIR   one file per image stem, DIR/<stem>.txt or DIR/labels/<stem>.txt, rows\n"
    "                    'class cx cy w h conf' (normalised); an image without a file has no detections.\n"
    "                    For comparable figures predict with a low threshold, e.g. predict conf=0.001\n"
    "  split=val         the split to score: train, val or test\n"
    "  metrics=8.4       whose figures: Ultralytics 8.4's (the default) or 8.3's (see below)\n"
    "  json=FILE         also write the figures (top level and per class) and every problem as JSON\n"
    "  max_problems=50   bad rows and unmatched files printed on stderr (the JSON file has all of them)\n"
    "\n"
    "\n%s\n"
    "Bad rows (wrong column count, class id out of range, NaN, ...) and files whose stem names no image of\n"
    "the split are reported as file:line: reason and left out; the rest is scored.\n"
    "Exit status: 0 when the files were scored (whatever was left out), 2 when scoring could not run (bad\n"
    "arguments, unreadable data.yaml, missing folder or split); the reason is printed on stderr.\n";

}  // namespace

const char* const kMetricsHelp =
    "metrics=8.4 scores as Ultralytics 8.4 does (greedy matching by confidence, AP ending at the last recall,\n"
    "best.pt by mAP50-95); metrics=8.3 as 8.3 does (AP drawn on to recall 1: higher at low recall).";

std::optional<MetricsVersion> metricsArgument(const Args& args)
{
    const std::string text = args.str("metrics", metricsVersionName(kDefaultMetricsVersion));
    const auto v = parseMetricsVersion(text);
    if (!v)
        std::fprintf(stderr, "error: metrics must be 8.4 or 8.3 (the Ultralytics release whose figures), not '%s'\n",
                     text.c_str());
    return v;
}

bool writeJsonArgument(const Args& args, const std::string& text)
{
    if (!args.has("json"))
        return true;
    if (auto err = writeFileAtomic(args.str("json"), text)) {
        std::fprintf(stderr, "error: cannot write the JSON result: %s\n", err->toString().c_str());
        return false;
    }
    std::printf("figures written to %s\n", args.str("json").c_str());
    return true;
}

int cmdScore(const Args& args)
{
    const std::string needs = "val with predictions= needs data=PATH and predictions=DIR";
    if (args.help) {
        std::printf(kScoreHelp, kMetricsHelp);
        return kExitOk;
    }
    if (auto exit = checkArguments(args, {.known = {"data", "predictions", "split", "metrics", "json", "max_problems"},
                                          .required = {{"data", needs}, {"predictions", needs}}}))
        return *exit;
    const auto metrics = metricsArgument(args);
    if (!metrics)
        return kExitUsage;
    const auto maxProblems = args.integer("max_problems", 50);
    if (!maxProblems)
        return kExitUsage;
    if (*maxProblems < 0) {
        std::fprintf(stderr, "error: max_problems must not be negative\n");
        return kExitUsage;
    }
    const auto shown = static_cast<size_t>(*maxProblems);
    ScoreOptions o;
    o.data = args.str("data");
    o.predictions = args.str("predictions");
    o.metrics = *metrics;
    const std::string split = args.str("split", "val");
    bool known = false;
    for (Split s : {Split::Train, Split::Val, Split::Test})
        if (split == toString(s)) {
            o.split = s;
            known = true;
        }
    if (!known) {
        std::fprintf(stderr, "error: split must be train, val or test, not '%s'\n", split.c_str());
        return kExitUsage;
    }

    auto r = scorePredictions(o);
    if (!r) {
        std::fprintf(stderr, "error: %s\n", r.error().toString().c_str());
        return kExitUsage;
    }
    for (size_t i = 0; i < r->problems.size() && i < shown; ++i)
        std::fprintf(stderr, "warning: %s\n", r->problems[i].toString().c_str());
    if (r->problems.size() > shown)
        std::fprintf(stderr, "warning: %zu more problems%s\n", r->problems.size() - shown,
                     args.has("json") ? " (all of them are in the JSON file)" : " (json=FILE lists all of them)");
    for (const std::string& line : metricsTable(r->metrics, r->names, r->images))
        std::printf("%s\n", line.c_str());
    std::printf("%d images, %d prediction files, %lld detections scored; %zu problems left out\n", r->images,
                r->predictionFiles, static_cast<long long>(r->detections), r->problems.size());
    return writeJsonArgument(args, scoreResultToJson(*r)) ? kExitOk : kExitUsage;
}

}  // namespace ys::cli
