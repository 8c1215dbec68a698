#pragma once
// One function per CLI command; each returns an exit code (args.h) and prints its own --help.

#include "cli/args.h"
#include "eval/metrics.h"

#include <optional>
#include <string>

namespace ys::cli {

int cmdCheck(const Args& args);    // cmd_data.cpp: label check
int cmdDemo(const Args& args);     // cmd_data.cpp: write the demo dataset
int cmdInfo(const Args& args);     // cmd_model.cpp: layers, parameters, GFLOPs
int cmdTrain(const Args& args);    // cmd_train.cpp
int cmdVal(const Args& args);      // cmd_train.cpp
int cmdScore(const Args& args);    // cmd_score.cpp: val predictions=DIR (scores prediction files)
// val's and score's metrics=8.4|8.3 (cmd_score.cpp); nullopt after printing why on a bad value.
std::optional<MetricsVersion> metricsArgument(const Args& args);
extern const char* const kMetricsHelp;
// val's and score's json=FILE (cmd_score.cpp): writes `text` there atomically when the argument is given. Returns
// false after printing why it could not.
bool writeJsonArgument(const Args& args, const std::string& text);
int cmdPredict(const Args& args);  // cmd_train.cpp
int cmdFit(const Args& args);      // cmd_fit.cpp: fit the run to the GPU memory budget
int cmdDevices(const Args& args);  // cmd_fit.cpp: the CPU and CUDA devices with their memory
int cmdReport(const Args& args);   // cmd_report.cpp: the training report of a run (HTML, PDF)
int cmdExport(const Args& args);   // cmd_export.cpp: a trained detector as an ONNX file
int cmdImport(const Args& args);   // cmd_import.cpp: a YOLOv5/v7/v9 or Ultralytics command as an args.yaml
int cmdReview(const Args& args);   // cmd_review.cpp: the label mistakes a trained model suggests

}  // namespace ys::cli
