// The fit's request from a run's settings, its notes catalogue, and the result's JSON and text forms
// (torch-free).
#include "memory/memory.h"
#include "fit/fit.h"

#include "common/device.h"
#include "common/text.h"
#include "common/trainrules.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>

namespace ys::fit {

namespace {

// Every note and certainty the fit gives, in the order the report prints them. {N} = argument N.
const std::vector<FitNoteCode> kNoteCodes = {
    {"fit.certainty.cpu", "measured: tracked tensor memory on this CPU"},
    {"fit.certainty.gpu", "medium: measured on this GPU; reserved memory estimated as {0} x peak allocated"},
    {"fit.certainty.planned", "low: predicted for a GPU from CPU measurements with estimated CUDA context, "
                              "workspace and allocator rounding"},
    {"fit.cuda_context", "CUDA context + cuDNN/cuBLAS workspace assumed {0} (lazy module loading)"},
    {"fit.allocator_rounding", "allocator reserved memory assumed {0} x peak allocated (1.03 steady to 1.3 with "
                               "changing shapes)"},
    {"fit.amp_derived", "{0} predicted as half of the measured fp32 activations plus a 16-bit copy of the weights"},
    {"fit.measure_on_card", "measure on the card itself for a measured recommendation (device=0)"},
    {"fit.cpu_untracked", "the budget caps tensor memory tracked by the allocator; OpenCV images in the data "
                          "loader and the process's code are outside it"},
    {"fit.optimizer", "optimizer {0} ({1} state tensor(s) per parameter), EMA copy, validation at {2} x the "
                      "batch included"},
    {"fit.optimizer_switch", "optimizer=auto picks {0} from batch {1} on (10000 optimizer steps or fewer); its "
                             "extra state is counted there"},
    {"fit.probe_crowded", "probed on the {0} most crowded training images (mosaic); most boxes in one image of "
                          "the dataset: {1}"},
    {"fit.excluded_images", "{0} image(s) left out, as training leaves them out (unreadable, corrupt, truncated "
                            "or under 10 px)"},
    {"fit.synthetic", "no dataset given: synthetic batches with {0} boxes per image"},
    {"fit.loader_queue", "data loader prefetch of {0} batches ({1} loader workers beside {2} model threads) "
                         "counted in CPU memory"},
    {"fit.loader_inline", "workers={0} -> 0: the {1} model threads use all {2} cores, so each batch is built "
                          "between steps and none waits in memory"},
    {"fit.loader_host", "data loader prefetch of {0} batches waits in host memory, outside the GPU budget"},
    {"fit.no_scales", "the model has no other scales, so the table lists only the model itself"},
    {"fit.nothing_fits", "even batch 1 does not fit the budget at this image size; lower imgsz or raise the "
                         "budget"},
};

nlohmann::json noteToJson(const FitNote& n)
{
    return {{"code", n.code}, {"args", n.args}, {"text", fitNoteText(n)}};
}

// A note as fitResultToJson writes it, or a plain string (fit.json of older runs).
void noteFromJson(const nlohmann::json& j, FitNote& note, std::string& text)
{
    if (j.is_string()) {
        note = {};
        text = j.get<std::string>();
        return;
    }
    note.code = j.value("code", "");
    note.args = j.value("args", std::vector<std::string>{});
    text = j.value("text", fitNoteText(note));
}

// The English notes of a result: from their codes, or the stored text of notes read without one.
std::vector<std::string> noteTexts(const FitResult& r)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < r.fitNotes.size(); ++i)
        out.push_back(r.fitNotes[i].code.empty() && i < r.notes.size() ? r.notes[i] : fitNoteText(r.fitNotes[i]));
    return out;
}

}  // namespace

const std::vector<FitNoteCode>& fitNoteCodes()
{
    return kNoteCodes;
}

std::string fitNoteText(const FitNote& note)
{
    auto it = std::find_if(kNoteCodes.begin(), kNoteCodes.end(), [&](const FitNoteCode& c) { return note.code == c.code; });
    return codedText(it == kNoteCodes.end() ? nullptr : it->text, note.code, note.args);
}

FitRequest fitRequestFor(const TrainConfig& cfg)
{
    FitRequest req;
    req.data = cfg.data;
    req.model = cfg.model;
    req.imgsz = cfg.imgsz;
    req.device = cfg.device;
    req.budget = cfg.vram;
    req.amp = cfg.amp;
    req.nbs = cfg.nbs;
    req.optimizer = cfg.optimizer;
    req.epochs = cfg.epochs;
    req.workers = cfg.workers;
    req.threads = cfg.threads;
    req.fraction = cfg.fraction;
    return req;
}

std::string fitResultToJson(const FitResult& r)
{
    using nlohmann::json;
    json j;
    j["recommended"] = {{"batch", r.recommended.batch},
                        {"imgsz", r.recommended.imgsz},
                        {"amp", r.recommended.amp},
                        {"amp_mode", r.recommended.ampMode},
                        {"accumulate", r.recommended.accumulate},
                        {"predicted_peak_bytes", r.recommended.predictedPeakBytes},
                        {"fits", r.recommended.fits}};
    j["budget_bytes"] = r.budgetBytes;
    j["device_total_bytes"] = r.deviceTotalBytes;
    j["margin"] = r.margin;
    j["device"] = r.device;
    j["target"] = r.target;
    j["model"] = r.model;
    j["data"] = r.data;
    j["probe_seconds"] = r.probeSeconds;
    j["max_boxes"] = r.maxBoxes;
    j["certainty"] = noteToJson(r.certaintyNote);
    j["uncertainty"] = r.uncertainty;
    j["optimizer"] = r.optimizer;
    j["train_images"] = r.trainImages;
    j["intra_op_threads"] = r.intraOpThreads;
    j["loader_workers"] = r.loaderWorkers;
    j["queued_batches"] = r.queuedBatches;
    json pts = json::array();
    for (const auto& p : r.points)
        pts.push_back({{"batch", p.batch},
                       {"imgsz", p.imgsz},
                       {"amp", p.amp},
                       {"validation", p.validation},
                       {"max_boxes", p.maxBoxes},
                       {"peak_bytes", p.peakBytes},
                       {"phase_peak_bytes",
                        {{"forward", p.phasePeak[0]}, {"loss", p.phasePeak[1]}, {"backward", p.phasePeak[2]},
                         {"step", p.phasePeak[3]}}},
                       {"seconds", p.seconds}});
    j["probe_points"] = pts;
    json table = json::array();
    for (const auto& t : r.table)
        table.push_back({{"scale", std::string(1, t.scale)},
                         {"imgsz", t.imgsz},
                         {"amp", t.amp},
                         {"max_batch", t.maxBatch},
                         {"peak_bytes", t.peakAtMaxBatch}});
    j["table"] = table;
    const auto& b = r.breakdown;
    j["breakdown"] = {{"weights", b.weights},         {"gradients", b.gradients},
                      {"optimizer", b.optimizer},     {"ema", b.ema},
                      {"activations", b.activations}, {"assigner", b.assigner},
                      {"validation", b.validation},   {"loader_queue", b.loaderQueue},
                      {"cuda_context", b.cudaContext}, {"allocator_overhead", b.allocatorOverhead}};
    json notes = json::array();
    for (const auto& n : r.fitNotes)
        notes.push_back(noteToJson(n));
    j["notes"] = notes;
    return j.dump(2);
}

Expected<FitResult> fitResultFromJson(const std::string& text, const std::string& source)
{
    using nlohmann::json;
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("recommended") || !j["recommended"].is_object())
        return Error{"fit.json", "not a fit result (fit.json): no 'recommended' object", source, 0, 0};
    FitResult r;
    try {
        const json& rec = j["recommended"];
        r.recommended.batch = rec.value("batch", 0);
        r.recommended.imgsz = rec.value("imgsz", 0);
        r.recommended.amp = rec.value("amp", false);
        r.recommended.ampMode = rec.value("amp_mode", "off");
        r.recommended.accumulate = rec.value("accumulate", 1);
        r.recommended.predictedPeakBytes = rec.value("predicted_peak_bytes", int64_t{0});
        r.recommended.fits = rec.value("fits", false);
        r.budgetBytes = j.value("budget_bytes", int64_t{0});
        r.deviceTotalBytes = j.value("device_total_bytes", int64_t{0});
        r.margin = j.value("margin", 0.0);
        r.device = j.value("device", "");
        r.target = j.value("target", "");
        r.model = j.value("model", "");
        r.data = j.value("data", "");
        r.probeSeconds = j.value("probe_seconds", 0.0);
        r.maxBoxes = j.value("max_boxes", 0);
        if (j.contains("certainty"))
            noteFromJson(j["certainty"], r.certaintyNote, r.certainty);
        r.uncertainty = j.value("uncertainty", 0.0);
        r.optimizer = j.value("optimizer", "");
        r.trainImages = j.value("train_images", int64_t{0});
        r.intraOpThreads = j.value("intra_op_threads", 0);
        r.loaderWorkers = j.value("loader_workers", 0);
        r.queuedBatches = j.value("queued_batches", 0);
        for (const json& p : j.value("probe_points", json::array())) {
            ProbePoint pt;
            pt.batch = p.value("batch", 0);
            pt.imgsz = p.value("imgsz", 0);
            pt.amp = p.value("amp", false);
            pt.validation = p.value("validation", false);
            pt.maxBoxes = p.value("max_boxes", 0);
            pt.peakBytes = p.value("peak_bytes", int64_t{0});
            const json phases = p.value("phase_peak_bytes", json::object());
            const char* names[4] = {"forward", "loss", "backward", "step"};
            for (size_t k = 0; k < 4; ++k)
                pt.phasePeak[k] = phases.value(names[k], int64_t{0});
            pt.seconds = p.value("seconds", 0.0);
            r.points.push_back(pt);
        }
        for (const json& t : j.value("table", json::array())) {
            TableRow row;
            const std::string scale = t.value("scale", "n");
            row.scale = scale.empty() ? 'n' : scale[0];
            row.imgsz = t.value("imgsz", 0);
            row.amp = t.value("amp", false);
            row.maxBatch = t.value("max_batch", 0);
            row.peakAtMaxBatch = t.value("peak_bytes", int64_t{0});
            r.table.push_back(row);
        }
        const json b = j.value("breakdown", json::object());
        r.breakdown.weights = b.value("weights", int64_t{0});
        r.breakdown.gradients = b.value("gradients", int64_t{0});
        r.breakdown.optimizer = b.value("optimizer", int64_t{0});
        r.breakdown.ema = b.value("ema", int64_t{0});
        r.breakdown.activations = b.value("activations", int64_t{0});
        r.breakdown.assigner = b.value("assigner", int64_t{0});
        r.breakdown.validation = b.value("validation", int64_t{0});
        r.breakdown.loaderQueue = b.value("loader_queue", int64_t{0});
        r.breakdown.cudaContext = b.value("cuda_context", int64_t{0});
        r.breakdown.allocatorOverhead = b.value("allocator_overhead", int64_t{0});
        for (const json& n : j.value("notes", json::array())) {
            FitNote note;
            std::string noteText;
            noteFromJson(n, note, noteText);
            r.fitNotes.push_back(note);
            r.notes.push_back(noteText);
        }
    } catch (const json::exception& e) {
        return Error{"fit.json", std::string("not a fit result (fit.json): a value has the wrong type (") + e.what() + ")",
                     source, 0, 0};
    }
    return r;
}

std::string formatFitResult(const FitResult& r)
{
    std::ostringstream o;
    char buf[256];
    const auto& rec = r.recommended;
    const std::string certainty = r.certaintyNote.code.empty() ? r.certainty : fitNoteText(r.certaintyNote);
    o << "Fit to " << r.target << " (probed on " << r.device << ")\n";
    std::snprintf(buf, sizeof buf, "  budget %s of %s, margin %.0f%%\n", memory::formatBytes(r.budgetBytes).c_str(),
                  memory::formatBytes(r.deviceTotalBytes).c_str(), r.margin * 100.0);
    o << buf;
    if (rec.fits)
        std::snprintf(buf, sizeof buf,
                      "  recommended: batch=%d imgsz=%d amp=%s accumulate=%d  predicted peak %s (+/-%.0f%%, %s)\n",
                      rec.batch, rec.imgsz, rec.ampMode.c_str(), rec.accumulate,
                      memory::formatBytes(rec.predictedPeakBytes).c_str(), r.uncertainty * 100.0, certainty.c_str());
    else
        std::snprintf(buf, sizeof buf, "  nothing fits: batch 1 at imgsz %d needs %s\n", rec.imgsz,
                      memory::formatBytes(rec.predictedPeakBytes).c_str());
    o << buf;
    o << "  probe: " << r.points.size() << " points in ";
    std::snprintf(buf, sizeof buf, "%.1f s; most boxes in one image: %d\n", r.probeSeconds, r.maxBoxes);
    o << buf;
    for (const auto& p : r.points) {
        std::snprintf(buf, sizeof buf, "    %-5s batch %3d imgsz %4d amp %-3s  boxes %3d  peak %10s  %.2f s\n",
                      p.validation ? "val" : "train", p.batch, p.imgsz, p.amp ? "on" : "off", p.maxBoxes,
                      memory::formatBytes(p.peakBytes).c_str(), p.seconds);
        o << buf;
    }
    if (!r.table.empty()) {
        o << "  largest batch under the budget:\n    scale imgsz amp  batch  peak\n";
        for (const auto& t : r.table) {
            std::snprintf(buf, sizeof buf, "    %-5c %5d %-4s %5d  %s\n", t.scale, t.imgsz, t.amp ? "on" : "off",
                          t.maxBatch, memory::formatBytes(t.peakAtMaxBatch).c_str());
            o << buf;
        }
    }
    const auto& b = r.breakdown;
    o << "  breakdown at the recommended peak:\n";
    const std::pair<const char*, int64_t> rows[] = {
        {"weights", b.weights},         {"gradients", b.gradients},       {"optimizer state", b.optimizer},
        {"EMA", b.ema},                 {"activations", b.activations},   {"loss + assigner", b.assigner},
        {"loader queue", b.loaderQueue}, {"CUDA context + workspace", b.cudaContext},
        {"allocator overhead", b.allocatorOverhead}};
    for (const auto& [name, v] : rows) {
        if (v == 0)
            continue;
        std::snprintf(buf, sizeof buf, "    %-26s %s\n", name, memory::formatBytes(v).c_str());
        o << buf;
    }
    std::snprintf(buf, sizeof buf, "    %-26s %s (its own phase, at batch %d)\n", "validation peak",
                  memory::formatBytes(b.validation).c_str(), validationBatchFor(rec.batch));
    o << buf;
    for (const auto& n : noteTexts(r))
        o << "  note: " << n << '\n';
    return o.str();
}

std::vector<FitDifference> fitDifferences(const FitResult& fit, const TrainConfig& cfg)
{
    std::vector<FitDifference> out;
    auto differ = [&](const char* key, const std::string& fitted, const std::string& now) {
        if (fitted != now)
            out.push_back({key, fitted, now});
    };
    if (!fit.model.empty())
        differ("model", fit.model, cfg.model);
    if (!fit.model.empty()) {   // written with its request: the data is known too (empty: synthetic)
        std::error_code ec;
        const auto canonical = [&ec](const std::string& p) {
            return p.empty() ? p : std::filesystem::weakly_canonical(p, ec).string();
        };
        if (canonical(fit.data) != canonical(cfg.data))
            out.push_back({"data", fit.data, cfg.data});
    }
    const auto fitted = parseDevice(fit.device), now = parseDevice(cfg.device);
    if (fitted && now && fitted->name() != now->name())
        out.push_back({"device", fitted->name(), now->name()});
    differ("imgsz", std::to_string(fit.recommended.imgsz), std::to_string(cfg.imgsz));
    if (cfg.batch > 0)
        differ("batch", std::to_string(fit.recommended.batch), std::to_string(cfg.batch));
    if (cfg.amp != "auto")
        differ("amp", fit.recommended.ampMode, cfg.amp);
    if (cfg.optimizer != "auto" && !fit.optimizer.empty())
        differ("optimizer", fit.optimizer, cfg.optimizer);
    if (fitted && fit.intraOpThreads > 0) {
        const RunThreads threads = runThreadsFor(cfg.workers, cfg.threads, fitted->cuda);
        if (threads.loaderWorkers != fit.loaderWorkers)
            out.push_back({"workers", std::to_string(fit.loaderWorkers) + " loader workers",
                           std::to_string(threads.loaderWorkers) + " loader workers"});
    }
    return out;
}

}  // namespace ys::fit
