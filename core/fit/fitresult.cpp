// The fit's request from a run's settings, its notes catalogue, and the result's JSON and text forms
// (torch-free).
#include "memory/memory.h"
#include "fit/fit.h"

#include "common/device.h"
#include "common/text.h"
#include "common/trainrules.h"
#include "dist/world.h"

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
    {"fit.top_layer", "{0} (layer {1}) keeps the most activation memory: {2}% of {3} at batch {4} and imgsz {5}"},
    {"fit.attention", "the attention maps of {0} PSA block(s) keep {1} at batch {2} and imgsz {3} ({4}% of the peak); "
                      "they grow with the square of the tokens: 16x for twice the image size"},
    {"fit.checkpoint_batch", "batch {0} fits with {1} checkpointing: -{2}% activation memory, {3}% step time "
                             "(measured)"},
    {"fit.checkpoint_imgsz", "imgsz {0} fits batch {1} with {2} checkpointing: -{3}% activation memory, {4}% step "
                             "time (measured)"},
    {"fit.checkpoint_auto", "checkpoint=auto recomputes layers {0} so that batch {1} fits"},
    {"fit.checkpoint_auto_imgsz", "checkpoint=auto recomputes layers {0} so that imgsz {1} fits"},
    {"fit.checkpoint_auto_none", "checkpoint=auto: batch {0} fits without checkpointing"},
    {"fit.checkpoint_short", "batch {0} does not fit even with every block checkpointed (largest: {1})"},
    {"fit.stages", "staged run of {0} stages: probed at the largest stage image size, {1}; each stage fitted at "
                   "its own"},
    {"fit.world_batch", "fitted per device: {0} images per device x {1} processes = {2} images per step (batch={2} "
                        "for the run)"},
    {"fit.shared_budget", "the {0} processes on this machine's CPU share its memory: each is fitted to {1}, its "
                          "share of {2}"},
    {"fit.batch_data", "batch capped by the training set: {0} images per step for {1} training images (memory "
                       "would allow more)"},
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

const char* partName(LayerMemory::Part part)
{
    switch (part) {
    case LayerMemory::Part::Input: return "input";
    case LayerMemory::Part::Layer: return "layer";
    case LayerMemory::Part::Loss: return "loss";
    case LayerMemory::Part::Optimizer: return "optimizer";
    }
    return "layer";
}

LayerMemory::Part partFromName(const std::string& name)
{
    if (name == "input")
        return LayerMemory::Part::Input;
    if (name == "loss")
        return LayerMemory::Part::Loss;
    if (name == "optimizer")
        return LayerMemory::Part::Optimizer;
    return LayerMemory::Part::Layer;
}

nlohmann::json layersJson(const LayerProfile& p)
{
    nlohmann::json layers = nlohmann::json::array();
    for (const LayerMemory& l : p.layers)
        layers.push_back({{"part", partName(l.part)},
                          {"layer", l.layer},
                          {"level", l.level},
                          {"module", l.module},
                          {"name", layerLabel(l)},
                          {"stride", l.stride},
                          {"activation_bytes", l.activationBytes},
                          {"output_bytes", l.outputBytes},
                          {"forward_peak_bytes", l.forwardPeakBytes},
                          {"backward_peak_bytes", l.backwardPeakBytes},
                          {"forward_seconds", l.forwardSeconds},
                          {"checkpointable", l.checkpointable},
                          {"checkpoint_saving_bytes", l.checkpointSavingBytes},
                          {"checkpoint_helps", l.checkpointHelps}});
    return {{"batch", p.batch}, {"imgsz", p.imgsz}, {"activation_total_bytes", p.activationTotal}, {"layers", layers}};
}

LayerProfile layersFromJson(const nlohmann::json& j)
{
    LayerProfile p;
    if (!j.is_object())
        return p;
    p.batch = j.value("batch", 0);
    p.imgsz = j.value("imgsz", 0);
    p.activationTotal = j.value("activation_total_bytes", int64_t{0});
    for (const nlohmann::json& l : j.value("layers", nlohmann::json::array())) {
        LayerMemory m;
        m.part = partFromName(l.value("part", "layer"));
        m.layer = l.value("layer", -1);
        m.level = l.value("level", -1);
        m.module = l.value("module", "");
        m.stride = l.value("stride", int64_t{0});
        m.activationBytes = l.value("activation_bytes", int64_t{0});
        m.outputBytes = l.value("output_bytes", int64_t{0});
        m.forwardPeakBytes = l.value("forward_peak_bytes", int64_t{0});
        m.backwardPeakBytes = l.value("backward_peak_bytes", int64_t{0});
        m.forwardSeconds = l.value("forward_seconds", 0.0);
        m.checkpointable = l.value("checkpointable", false);
        m.checkpointSavingBytes = l.value("checkpoint_saving_bytes", int64_t{0});
        m.checkpointHelps = l.value("checkpoint_helps", false);
        p.layers.push_back(m);
    }
    return p;
}

// The English notes of a result: from their codes, or the stored text of notes read without one.
std::string checkpointText(const std::vector<int>& layers)
{
    std::string s;
    for (int l : layers)
        s += (s.empty() ? "" : ",") + std::to_string(l);
    return s;
}

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

FitRequest fitRequestFor(const TrainConfig& cfg, int nproc, int nodes)
{
    FitRequest req;
    // The world: a GPU list's length, or nproc processes (the CPU's, or one GPU's: planLaunch refuses that).
    const auto devices = parseDevices(cfg.device);
    const bool cpu = !devices || devices->empty() || !devices->front().cuda;
    const int local = dist::localProcesses(cfg.device, nproc);
    req.world = local * std::max(1, nodes);
    req.localProcesses = local;
    req.device = devices && devices->size() > 1 ? devices->front().name() : cfg.device;
    // The processes of this machine share its cores (and, on the CPU, its memory: fitToMemory divides the budget).
    if (local > 1 && cpu && cfg.threads == 0)
        req.threads = processCores(local);
    req.data = cfg.data;
    req.model = cfg.model;
    req.imgsz = cfg.imgsz;
    req.budget = cfg.vram;
    req.amp = cfg.amp;
    req.nbs = cfg.nbs;
    req.optimizer = cfg.optimizer;
    req.epochs = cfg.epochs;
    req.workers = cfg.workers;
    if (req.threads == 0)
        req.threads = cfg.threads;
    req.fraction = cfg.fraction;
    req.checkpoint = cfg.checkpoint;
    // batch is the world's (every process trains batch / world); the fit is one process's.
    req.wantedBatch = cfg.batch > 0 ? std::max(1, cfg.batch / req.world) : 0;
    req.stages = cfg.stages;
    for (TrainStage& st : req.stages)
        if (st.batch > 0)
            st.batch = std::max(1, st.batch / req.world);
    return req;
}

std::string layerLabel(const LayerMemory& l)
{
    switch (l.part) {
    case LayerMemory::Part::Input: return "input images";
    case LayerMemory::Part::Loss: return "loss + assigner";
    case LayerMemory::Part::Optimizer: return "optimizer step + EMA";
    case LayerMemory::Part::Layer: break;
    }
    if (l.level >= 0)
        return l.module + " P" + std::to_string(l.level + 3) + "/" + std::to_string(l.stride);
    return l.module;
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
                        {"fits", r.recommended.fits},
                        {"checkpoint", r.recommended.checkpoint},
                        {"checkpoint_layers", r.recommended.checkpointLayers}};
    j["budget_bytes"] = r.budgetBytes;
    j["device_total_bytes"] = r.deviceTotalBytes;
    j["margin"] = r.margin;
    j["device"] = r.device;
    j["target"] = r.target;
    j["world"] = r.world;
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
    j["local_processes"] = r.localProcesses;
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
                         {"peak_bytes", t.peakAtMaxBatch},
                         {"max_batch_checkpointed", t.maxBatchCheckpointed}});
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
    j["layers"] = layersJson(r.layers);
    json options = json::array();
    for (const CheckpointOption& o : r.checkpointOptions)
        options.push_back({{"setting", o.setting},
                           {"layers", o.layers},
                           {"automatic", o.automatic},
                           {"batch", o.batch},
                           {"imgsz", o.imgsz},
                           {"reaches_wanted", o.reachesWanted},
                           {"activation_saving", o.activationSaving},
                           {"step_time_increase", o.stepTimeIncrease},
                           {"predicted_peak_bytes", o.predictedPeakBytes},
                           {"probe_predicted_bytes", o.probePredictedBytes},
                           {"probe_measured_bytes", o.probeMeasuredBytes}});
    j["checkpoint_options"] = options;
    json stages = json::array();
    for (const StageFit& f : r.stages)
        stages.push_back({{"stage", f.stage},
                          {"imgsz", f.imgsz},
                          {"epochs", f.epochs},
                          {"requested_batch", f.requestedBatch},
                          {"batch", f.batch},
                          {"accumulate", f.accumulate},
                          {"checkpoint", f.checkpoint},
                          {"checkpoint_layers", f.checkpointLayers},
                          {"predicted_peak_bytes", f.predictedPeakBytes},
                          {"fits", f.fits}});
    j["stages"] = stages;
    return j.dump(2);
}

std::string layerProfileToJson(const LayerProfile& profile)
{
    return layersJson(profile).dump(2);
}

namespace {

// fit.json's parts, read back (fitResultFromJson; a missing key keeps its default).
ProbePoint probePointFromJson(const nlohmann::json& p)
{
    using nlohmann::json;
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
    return pt;
}

TableRow tableRowFromJson(const nlohmann::json& t)
{
    TableRow row;
    const std::string scale = t.value("scale", "n");
    row.scale = scale.empty() ? 'n' : scale[0];
    row.imgsz = t.value("imgsz", 0);
    row.amp = t.value("amp", false);
    row.maxBatch = t.value("max_batch", 0);
    row.peakAtMaxBatch = t.value("peak_bytes", int64_t{0});
    row.maxBatchCheckpointed = t.value("max_batch_checkpointed", 0);
    return row;
}

MemoryBreakdown breakdownFromJson(const nlohmann::json& b)
{
    MemoryBreakdown m;
    m.weights = b.value("weights", int64_t{0});
    m.gradients = b.value("gradients", int64_t{0});
    m.optimizer = b.value("optimizer", int64_t{0});
    m.ema = b.value("ema", int64_t{0});
    m.activations = b.value("activations", int64_t{0});
    m.assigner = b.value("assigner", int64_t{0});
    m.validation = b.value("validation", int64_t{0});
    m.loaderQueue = b.value("loader_queue", int64_t{0});
    m.cudaContext = b.value("cuda_context", int64_t{0});
    m.allocatorOverhead = b.value("allocator_overhead", int64_t{0});
    return m;
}

CheckpointOption checkpointOptionFromJson(const nlohmann::json& o)
{
    CheckpointOption c;
    c.setting = o.value("setting", "");
    c.layers = o.value("layers", std::vector<int>{});
    c.automatic = o.value("automatic", false);
    c.batch = o.value("batch", 0);
    c.imgsz = o.value("imgsz", 0);
    c.reachesWanted = o.value("reaches_wanted", false);
    c.activationSaving = o.value("activation_saving", 0.0);
    c.stepTimeIncrease = o.value("step_time_increase", 0.0);
    c.predictedPeakBytes = o.value("predicted_peak_bytes", int64_t{0});
    c.probePredictedBytes = o.value("probe_predicted_bytes", int64_t{0});
    c.probeMeasuredBytes = o.value("probe_measured_bytes", int64_t{0});
    return c;
}

StageFit stageFitFromJson(const nlohmann::json& f)
{
    StageFit st;
    st.stage = f.value("stage", 0);
    st.imgsz = f.value("imgsz", 0);
    st.epochs = f.value("epochs", 0);
    st.requestedBatch = f.value("requested_batch", -1);
    st.batch = f.value("batch", 0);
    st.accumulate = f.value("accumulate", 1);
    st.checkpoint = f.value("checkpoint", "off");
    st.checkpointLayers = f.value("checkpoint_layers", std::vector<int>{});
    st.predictedPeakBytes = f.value("predicted_peak_bytes", int64_t{0});
    st.fits = f.value("fits", false);
    return st;
}

}  // namespace

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
        r.recommended.checkpoint = rec.value("checkpoint", "off");
        r.recommended.checkpointLayers = rec.value("checkpoint_layers", std::vector<int>{});
        r.budgetBytes = j.value("budget_bytes", int64_t{0});
        r.deviceTotalBytes = j.value("device_total_bytes", int64_t{0});
        r.margin = j.value("margin", 0.0);
        r.device = j.value("device", "");
        r.target = j.value("target", "");
        r.world = std::max(1, j.value("world", 1));
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
        r.localProcesses = std::max(1, j.value("local_processes", 1));
        r.queuedBatches = j.value("queued_batches", 0);
        for (const json& p : j.value("probe_points", json::array()))
            r.points.push_back(probePointFromJson(p));
        for (const json& t : j.value("table", json::array()))
            r.table.push_back(tableRowFromJson(t));
        r.breakdown = breakdownFromJson(j.value("breakdown", json::object()));
        for (const json& n : j.value("notes", json::array())) {
            FitNote note;
            std::string noteText;
            noteFromJson(n, note, noteText);
            r.fitNotes.push_back(note);
            r.notes.push_back(noteText);
        }
        r.layers = layersFromJson(j.value("layers", json::object()));
        for (const json& o : j.value("checkpoint_options", json::array()))
            r.checkpointOptions.push_back(checkpointOptionFromJson(o));
        for (const json& f : j.value("stages", json::array()))
            r.stages.push_back(stageFitFromJson(f));
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
    if (rec.checkpoint != "off")
        o << "  with activation checkpointing of layers " << checkpointText(rec.checkpointLayers) << " ("
          << rec.checkpoint << ")\n";
    if (!r.stages.empty()) {
        o << "  stages:\n    stage imgsz epochs  batch accumulate  peak        checkpoint\n";
        for (const StageFit& f : r.stages) {
            std::snprintf(buf, sizeof buf, "    %5d %5d %6d %6s %10d  %-10s  %s%s\n", f.stage, f.imgsz, f.epochs,
                          (std::to_string(f.batch) + (f.requestedBatch < 1 ? "*" : "")).c_str(), f.accumulate,
                          memory::formatBytes(f.predictedPeakBytes).c_str(), f.checkpoint.c_str(),
                          f.fits ? "" : "  does not fit");
            o << buf;
        }
        o << "    (* fitted: batch=auto)\n";
    }
    if (!r.checkpointOptions.empty()) {
        o << "  activation checkpointing (measured at the probe point):\n";
        for (const CheckpointOption& c : r.checkpointOptions) {
            std::snprintf(buf, sizeof buf, "    %-16s batch %4d imgsz %4d  -%2.0f%% activations  %+4.0f%% step time  "
                                           "probe peak predicted %s, measured %s%s\n",
                          c.setting.c_str(), c.batch, c.imgsz, 100.0 * c.activationSaving, 100.0 * c.stepTimeIncrease,
                          memory::formatBytes(c.probePredictedBytes).c_str(),
                          memory::formatBytes(c.probeMeasuredBytes).c_str(), c.automatic ? "  (auto)" : "");
            o << buf;
        }
    }
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
        o << "  largest batch under the budget (ckpt: with every block checkpointed):\n"
             "    scale imgsz amp  batch   ckpt  peak\n";
        for (const auto& t : r.table) {
            std::snprintf(buf, sizeof buf, "    %-5c %5d %-4s %5d  %5d  %s\n", t.scale, t.imgsz, t.amp ? "on" : "off",
                          t.maxBatch, t.maxBatchCheckpointed, memory::formatBytes(t.peakAtMaxBatch).c_str());
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

std::string formatLayerProfile(const LayerProfile& p)
{
    std::ostringstream o;
    char buf[256];
    std::snprintf(buf, sizeof buf, "Activation memory by layer at batch %d, imgsz %d (fp32): %s in all\n", p.batch,
                  p.imgsz, memory::formatBytes(p.activationTotal).c_str());
    o << buf;
    std::vector<const LayerMemory*> rows;
    for (const LayerMemory& l : p.layers)
        if (l.part == LayerMemory::Part::Input || l.part == LayerMemory::Part::Layer)
            rows.push_back(&l);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const LayerMemory* a, const LayerMemory* b) { return a->activationBytes > b->activationBytes; });
    o << "  layer  module            stride  activations   share    output  fwd peak  bwd peak  fwd ms  ckpt saves\n";
    int64_t sum = 0;
    for (const LayerMemory* l : rows) {
        sum += l->activationBytes;
        const double share = p.activationTotal > 0 ? 100.0 * double(l->activationBytes) / double(p.activationTotal) : 0.0;
        std::snprintf(buf, sizeof buf, "  %5s  %-16s %7s %12s %6.1f%% %9s %9s %9s %7.1f  %s%s\n",
                      l->layer >= 0 ? std::to_string(l->layer).c_str() : "-", layerLabel(*l).c_str(),
                      l->stride > 0 ? std::to_string(l->stride).c_str() : "", memory::formatBytes(l->activationBytes).c_str(),
                      share, memory::formatBytes(l->outputBytes).c_str(), memory::formatBytes(l->forwardPeakBytes).c_str(),
                      memory::formatBytes(l->backwardPeakBytes).c_str(), 1000.0 * l->forwardSeconds,
                      l->checkpointable ? memory::formatBytes(l->checkpointSavingBytes).c_str() : "-",
                      l->checkpointHelps ? "  *" : "");
        o << buf;
    }
    std::snprintf(buf, sizeof buf, "  sum of the layers %s of the measured %s\n", memory::formatBytes(sum).c_str(),
                  memory::formatBytes(p.activationTotal).c_str());
    o << buf;
    for (const LayerMemory& l : p.layers) {
        if (l.part == LayerMemory::Part::Loss) {
            std::snprintf(buf, sizeof buf, "  loss + assigner: keeps %s, peak %s above the forward's level\n",
                          memory::formatBytes(l.activationBytes).c_str(), memory::formatBytes(l.forwardPeakBytes).c_str());
            o << buf;
        } else if (l.part == LayerMemory::Part::Optimizer) {
            std::snprintf(buf, sizeof buf, "  optimizer: state %s, step + EMA peak %s\n",
                          memory::formatBytes(l.activationBytes).c_str(), memory::formatBytes(l.backwardPeakBytes).c_str());
            o << buf;
        }
    }
    o << "  * checkpointing this layer saves at least " << static_cast<int>(kCheckpointHelpsShare * 100)
      << "% of the activations (checkpoint=[layers])\n";
    return o.str();
}

namespace {

// "320x32, 640xauto": stages as (imgsz, world batch or -1 for auto), as fitDifferences compares them.
std::string stagesMemoryText(const std::vector<std::pair<int, int>>& stages)
{
    std::string out;
    for (const auto& [imgsz, batch] : stages)
        out += (out.empty() ? "" : ", ") + std::to_string(imgsz) + "x" + (batch > 0 ? std::to_string(batch) : "auto");
    return out;
}

}  // namespace

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
    // A device list ("0,1") is fitted on its first device.
    const auto fitted = parseDevice(fit.device);
    const auto nowList = parseDevices(cfg.device);
    const std::optional<DeviceSpec> now =
        nowList && !nowList->empty() ? std::optional<DeviceSpec>(nowList->front()) : std::nullopt;
    if (fitted && now && fitted->name() != now->name())
        out.push_back({"device", fitted->name(), now->name()});
    if (cfg.stages.empty() && fit.stages.empty()) {
        differ("imgsz", std::to_string(fit.recommended.imgsz), std::to_string(cfg.imgsz));
        if (cfg.batch > 0)
            differ("batch", std::to_string(fit.recommended.batch * fit.world), std::to_string(cfg.batch));
    } else {
        // What changes memory: each stage's image size and requested batch (auto is fitted again by the run),
        // not its epochs. "" for no stages.
        std::vector<std::pair<int, int>> fitted;
        for (const StageFit& f : fit.stages)
            fitted.emplace_back(f.imgsz, f.requestedBatch > 0 ? f.requestedBatch * fit.world : -1);
        std::vector<std::pair<int, int>> now;
        for (const TrainStage& st : cfg.stages)
            now.emplace_back(st.imgsz, st.batch > 0 ? st.batch : -1);
        differ("stages", stagesMemoryText(fitted), stagesMemoryText(now));
    }
    if (cfg.checkpoint != "auto" && fit.recommended.checkpoint != "off")
        differ("checkpoint", fit.recommended.checkpoint, cfg.checkpoint);
    else if (cfg.checkpoint != "auto" && cfg.checkpoint != "off" && fit.layers.batch > 0)
        differ("checkpoint", "off", cfg.checkpoint);
    if (cfg.amp != "auto")
        differ("amp", fit.recommended.ampMode, cfg.amp);
    if (cfg.optimizer != "auto" && !fit.optimizer.empty())
        differ("optimizer", fit.optimizer, cfg.optimizer);
    // Loader workers change the peak only through the batches they queue, which count where they live in the
    // budget: host memory, a run on the CPU. Both counts by the trainer's rule, for the fit's processes.
    if (fitted && !fitted->cuda && fit.target == fit.device && fit.intraOpThreads > 0) {
        const int workers = runThreadsFor(cfg.workers, cfg.threads, false, processCores(fit.localProcesses)).loaderWorkers;
        if (queuedBatches(workers) != queuedBatches(fit.loaderWorkers))
            out.push_back({"workers", std::to_string(fit.loaderWorkers), std::to_string(workers)});
    }
    return out;
}

}  // namespace ys::fit
