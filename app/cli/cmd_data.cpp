// `check` and `demo`: the dataset commands of yolostudio-cli.
#include "cli/commands.h"

#include "common/fileutil.h"
#include "data/check.h"
#include "data/dataset.h"
#include "data/demo.h"

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <unistd.h>

namespace ys::cli {
namespace {

constexpr const char* kCheckHelp =
    "usage: yolostudio-cli check data=PATH [imgsz=640] [json=FILE] [threads=N] [hash=true] [max_findings=50]\n"
    "\n"
    "Checks every image and label of a YOLO dataset in one pass and prints a summary. Nothing in the dataset\n"
    "is ever modified.\n"
    "\n"
    "  data=PATH        the dataset's data.yaml, or the folder that holds it (required)\n"
    "  imgsz=640        training image size; boxes too small to learn at this size are reported\n"
    "  json=FILE        also write the full result (every finding) as JSON to FILE\n"
    "  threads=N        worker threads (default: all cores)\n"
    "  hash=true        decode images at 1/8 scale to find truncated files and duplicate or leaked images\n"
    "  max_findings=50  findings printed on stdout (the JSON file has all of them)\n"
    "\n"
    "Exit status: 0 when the check ran (whatever it found), 2 when it could not run (bad arguments,\n"
    "unreadable data.yaml); the reason is printed on stderr.\n";

constexpr const char* kDemoHelp =
    "usage: yolostudio-cli demo out=DIR [seed=1] [train=240] [val=60]\n"
    "\n"
    "Writes the built-in demo dataset (coloured shapes on textured backgrounds, 5 classes) to DIR:\n"
    "images/{train,val}, labels/{train,val} and data.yaml. The same seed gives byte-identical files.\n"
    "\n"
    "Exit status: 0 on success, 2 on bad arguments or when DIR cannot be written.\n";


}  // namespace

int cmdCheck(const Args& args)
{
    if (auto exit = checkArguments(args, {.help = kCheckHelp,
                                          .known = {"data", "imgsz", "json", "threads", "hash", "max_findings"},
                                          .required = {{"data", "no dataset given: set data=path/to/data.yaml"}}}))
        return *exit;
    const std::string data = args.str("data");
    const auto imgsz = args.integer("imgsz", 640);
    const auto threads = args.integer("threads", 0);
    const auto hash = args.boolean("hash", true);
    const auto maxFindings = args.integer("max_findings", 50);
    if (!imgsz || !threads || !hash || !maxFindings)
        return kExitUsage;
    if (*imgsz < 32 || *imgsz > 8192) {
        std::fprintf(stderr, "error: imgsz must be between 32 and 8192, not %d\n", *imgsz);
        return kExitUsage;
    }
    if (*threads < 0 || *maxFindings < 0) {
        std::fprintf(stderr, "error: threads and max_findings must not be negative\n");
        return kExitUsage;
    }

    // A folder opens its data.yaml, as a drop on the studio does; anything else is loadDataYaml's to judge.
    const std::string found = findDataYaml(data);
    auto spec = loadDataYaml(found.empty() ? data : found);
    if (!spec)
        return reportError(spec.error());
    const ProgressFn progress = terminalProgress();
    auto dataset = scanDataset(*spec, progress);
    if (!dataset)
        return reportError(dataset.error());
    CheckOptions options;
    options.imgsz = *imgsz;
    options.threads = *threads;
    options.hashImages = *hash;
    const CheckResult result = checkDataset(*dataset, options, progress);

    std::fputs(checkResultToText(*dataset, result, static_cast<size_t>(*maxFindings)).c_str(), stdout);
    if (args.has("json")) {
        // Temp file + rename: a reader never sees a half-written result.
        if (auto err = writeFileAtomic(args.str("json"), checkResultToJson(*dataset, result, options))) {
            std::fprintf(stderr, "error: cannot write the JSON result: %s\n", err->toString().c_str());
            return kExitUsage;
        }
        std::printf("\nfull result written to %s\n", args.str("json").c_str());
    }
    return kExitOk;
}

int cmdDemo(const Args& args)
{
    if (auto exit = checkArguments(args, {.help = kDemoHelp,
                                          .known = {"out", "seed", "train", "val"},
                                          .required = {{"out", "no output folder given: set out=DIR"}}}))
        return *exit;
    const std::string out = args.str("out");
    const auto seed = args.integer("seed", 1);
    const auto train = args.integer("train", 240);
    const auto val = args.integer("val", 60);
    if (!seed || !train || !val)
        return kExitUsage;
    if (*train < 0 || *val < 0) {
        std::fprintf(stderr, "error: train and val image counts must not be negative\n");
        return kExitUsage;
    }
    DemoOptions options;
    options.seed = static_cast<uint32_t>(*seed);
    options.trainImages = *train;
    options.valImages = *val;
    auto yaml = writeDemoDataset(out, options);
    if (!yaml)
        return reportError(yaml.error());
    std::printf("demo dataset written: %s (%d train, %d val images)\n", yaml->c_str(), *train, *val);
    return kExitOk;
}

}  // namespace ys::cli
