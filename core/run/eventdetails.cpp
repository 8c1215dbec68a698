#include "run/eventdetails.h"

#include <nlohmann/json.hpp>

namespace ys {
namespace {

nlohmann::json parsed(const TrainEvent& event)
{
    auto j = nlohmann::json::parse(event.detailsJson, nullptr, false);
    return j.is_object() ? j : nlohmann::json::object();
}

int64_t integer(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<int64_t>() : 0;
}

std::string text(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string detailsJson(const OomDetails& d)
{
    if (d.validation)
        return nlohmann::json{{"old_batch", d.before}, {"new_batch", d.after}}.dump();
    return nlohmann::json{{"epoch", d.epoch}, {"batch", d.batch}, {"old_micro_batch", d.before},
                          {"new_micro_batch", d.after}, {"where", d.where}}
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string detailsJson(const FitDetails& d)
{
    return nlohmann::json{{"batch", d.batch},
                          {"accumulate", d.accumulate},
                          {"amp", d.amp},
                          {"imgsz", d.imgsz},
                          {"predicted_peak_bytes", d.predictedPeakBytes},
                          {"budget_bytes", d.budgetBytes},
                          {"certainty", d.certainty}}
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<OomDetails> oomDetails(const TrainEvent& event)
{
    if (event.kind != EventKind::OomRecovered && event.kind != EventKind::ValOomRecovered)
        return std::nullopt;
    const nlohmann::json j = parsed(event);
    OomDetails d;
    d.validation = event.kind == EventKind::ValOomRecovered;
    const char* beforeKey = d.validation ? "old_batch" : "old_micro_batch";
    const char* afterKey = d.validation ? "new_batch" : "new_micro_batch";
    d.before = static_cast<int>(integer(j, beforeKey));
    d.after = static_cast<int>(integer(j, afterKey));
    if (d.before <= 0 || d.after <= 0)
        return std::nullopt;
    d.epoch = static_cast<int>(integer(j, "epoch"));
    d.batch = static_cast<int>(integer(j, "batch"));
    d.where = text(j, "where");
    return d;
}

std::optional<FitDetails> fitDetails(const TrainEvent& event)
{
    if (event.kind != EventKind::Fit)
        return std::nullopt;
    const nlohmann::json j = parsed(event);
    FitDetails d;
    d.batch = static_cast<int>(integer(j, "batch"));
    d.accumulate = static_cast<int>(integer(j, "accumulate"));
    d.amp = text(j, "amp");
    d.imgsz = static_cast<int>(integer(j, "imgsz"));
    d.predictedPeakBytes = integer(j, "predicted_peak_bytes");
    d.budgetBytes = integer(j, "budget_bytes");
    d.certainty = text(j, "certainty");
    return d;
}

}  // namespace ys
