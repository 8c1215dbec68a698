// yolostudio-cli: the headless front end of the same core the studio uses.
#include "cli/commands.h"

#include <cstdio>

namespace {

int cmdVersion(const ys::cli::Args&)
{
    std::printf("yolostudio-cli %s\n", YS_VERSION);
    return ys::cli::kExitOk;
}

struct Command {
    const char* name;
    int (*run)(const ys::cli::Args&);
    const char* summary;
};

const Command kCommands[] = {
    {"check", ys::cli::cmdCheck, "check a dataset's labels and images: check data=PATH [imgsz=640] [json=FILE]"},
    {"demo", ys::cli::cmdDemo, "write the built-in demo dataset: demo out=DIR"},
    {"info", ys::cli::cmdInfo, "show a model's layers, parameters and GFLOPs: info model=yolov8n.yaml"},
    {"train", ys::cli::cmdTrain, "train a detector: train data=PATH model=yolov8n.yaml epochs=N ..."},
    {"val", ys::cli::cmdVal, "validate weights on a dataset: val data=PATH weights=FILE"},
    {"predict", ys::cli::cmdPredict, "detect objects in images: predict weights=FILE source=DIR|FILE out=DIR"},
#ifdef YS_CLI_REVIEW
    {"review", ys::cli::cmdReview, "list suspected label mistakes a trained model finds: review data=PATH weights=FILE"},
#endif
    {"fit", ys::cli::cmdFit, "fit batch, image size and AMP to the memory budget: fit data=PATH model=..."},
    {"devices", ys::cli::cmdDevices, "list the CPU and CUDA devices with their memory: devices [json=FILE]"},
    {"export", ys::cli::cmdExport, "export weights as ONNX (OpenCV DNN, ONNX Runtime): export weights=FILE [imgsz=640]"},
    {"report", ys::cli::cmdReport, "write a run's training report: report run=DIR [format=html|pdf] [out=FILE]"},
    {"import", ys::cli::cmdImport, "read a YOLOv5/v7/v9 or yolo train command (or model.train() code) as settings: import \"COMMAND\" [out=FILE]"},
    {"version", cmdVersion, "print the version (also --version)"},
};

void printUsage(FILE* to)
{
    std::fprintf(to, "usage: yolostudio-cli COMMAND key=value ...\n\ncommands:\n");
    for (const auto& c : kCommands)
        std::fprintf(to, "  %-8s %s\n", c.name, c.summary);
    std::fprintf(to, "\n'yolostudio-cli COMMAND --help' describes a command's arguments.\n");
}

}  // namespace

int main(int argc, char** argv)
{
    const ys::cli::Args args = ys::cli::parseArgs(argc, argv);
    if (args.command.empty()) {
        printUsage(args.help ? stdout : stderr);
        return args.help ? ys::cli::kExitOk : ys::cli::kExitUsage;
    }
    for (const auto& c : kCommands) {
        if (args.command == c.name) {
            return ys::cli::runCommand(c.run, args);
        }
    }
    std::fprintf(stderr, "error: unknown command '%s'\n\n", args.command.c_str());
    printUsage(stderr);
    return ys::cli::kExitUsage;
}
