#include "common/error.h"

#include <algorithm>
#include <cstring>

namespace ys {

namespace {

// Code (exact, or a prefix ending in '.') -> kind. The longest match wins, so exact codes refine their
// area's default.
struct KindRule {
    const char* code;
    ErrorKind kind;
};
const KindRule kKindRules[] = {
    {"yaml.", ErrorKind::Syntax},
    {"model.yaml_syntax", ErrorKind::Syntax},
    {"model.unreadable", ErrorKind::Access},
    {"checkpoint.", ErrorKind::Syntax},
    {"checkpoint.missing", ErrorKind::Setting},
    {"checkpoint.write", ErrorKind::Access},
    {"weights.", ErrorKind::Syntax},
    {"weights.missing", ErrorKind::Setting},
    {"config.", ErrorKind::Setting},
    {"config.unreadable", ErrorKind::Access},
    {"device.", ErrorKind::Setting},
    {"amp.", ErrorKind::Setting},
    {"model.", ErrorKind::Setting},
    {"resume.", ErrorKind::Setting},
    {"memory.budget", ErrorKind::Setting},
    {"memory.", ErrorKind::Failed},
    {"memory.csv_write", ErrorKind::Access},
    {"data.", ErrorKind::Dataset},
    {"label.", ErrorKind::Dataset},
    {"image.", ErrorKind::Dataset},
    {"val.nc", ErrorKind::Setting},
    {"val.no_images", ErrorKind::Dataset},
    {"predict.no_images", ErrorKind::Setting},
    {"predict.out", ErrorKind::Access},
    {"demo.options", ErrorKind::Setting},
    {"demo.write", ErrorKind::Access},
    {"dist.", ErrorKind::Setting},
    {"dist.unreachable", ErrorKind::Failed},
    {"dist.rendezvous", ErrorKind::Failed},
    {"dist.rank_lost", ErrorKind::Failed},
    {"dist.spawn", ErrorKind::Failed},
    {"import.", ErrorKind::Setting},
    {"import.quote", ErrorKind::Syntax},
    {"import.python_syntax", ErrorKind::Syntax},
    {"fit.", ErrorKind::Setting},
    {"fit.model", ErrorKind::Failed},
    {"fit.no_fit", ErrorKind::OutOfMemory},
    {"fit.probe_oom", ErrorKind::OutOfMemory},
    {"fit.cancelled", ErrorKind::Cancelled},
    {"train.oom", ErrorKind::OutOfMemory},
    {"train.", ErrorKind::Failed},
    {"run.mkdir", ErrorKind::Access},
    {"run.not_found", ErrorKind::Access},
    {"report.not_a_run", ErrorKind::Setting},
    {"report.write", ErrorKind::Access},
    {"report.cancelled", ErrorKind::Cancelled},
    {"review.cancelled", ErrorKind::Cancelled},
    {"review.fix_out", ErrorKind::Setting},     // the fixes' folder lies inside the dataset
    {"review.fix_index", ErrorKind::Internal},  // a caller's bad suspect index
    {"run.results", ErrorKind::Syntax},
    {"io.", ErrorKind::Access},
    {"file.", ErrorKind::Access},
    {"onnx.", ErrorKind::Syntax},
    {"onnx.unreadable", ErrorKind::Access},
    {"onnx.unsupported", ErrorKind::Setting},
    {"onnx.imgsz", ErrorKind::Setting},
    {"export.", ErrorKind::Failed},
    {"export.options", ErrorKind::Setting},
    {"export.half_cpu", ErrorKind::Setting},
    {"export.not_detector", ErrorKind::Setting},
    {"export.write", ErrorKind::Access},
    {"export.cancelled", ErrorKind::Cancelled},
    {"export.check", ErrorKind::Internal},
    {"export.verify", ErrorKind::Internal},
    {"export.oom", ErrorKind::OutOfMemory},
    {"internal.", ErrorKind::Internal},
};

}  // namespace

ErrorKind errorKind(const std::string& code)
{
    ErrorKind kind = ErrorKind::Failed;
    size_t best = 0;
    for (const KindRule& r : kKindRules) {
        const size_t n = std::strlen(r.code);
        const bool prefix = r.code[n - 1] == '.';
        const bool match = prefix ? code.compare(0, n, r.code) == 0 : code == r.code;
        if (match && n > best) {
            best = n;
            kind = r.kind;
        }
    }
    return kind;
}

const char* toString(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Syntax: return "syntax";
    case ErrorKind::Dataset: return "dataset";
    case ErrorKind::Setting: return "setting";
    case ErrorKind::Access: return "access";
    case ErrorKind::OutOfMemory: return "out_of_memory";
    case ErrorKind::Cancelled: return "cancelled";
    case ErrorKind::Failed: return "failed";
    case ErrorKind::Internal: return "internal";
    }
    return "failed";
}

bool isInputError(ErrorKind kind)
{
    return kind == ErrorKind::Syntax || kind == ErrorKind::Dataset || kind == ErrorKind::Setting ||
           kind == ErrorKind::Access;
}

std::string withoutBacktrace(const std::string& what)
{
    size_t end = what.size();
    for (const char* marker : {"Exception raised from", "frame #"}) {
        const size_t at = what.find(marker);
        if (at != std::string::npos)
            end = std::min(end, at);
    }
    while (end > 0 && (what[end - 1] == '\n' || what[end - 1] == '\r' || what[end - 1] == ' ' || what[end - 1] == '\t'))
        --end;
    return what.substr(0, end);
}

std::string Error::toString() const
{
    std::string s;
    if (!file.empty()) {
        s += file;
        if (line > 0) {
            s += ':' + std::to_string(line);
            if (column > 0)
                s += ':' + std::to_string(column);
        }
        s += ": ";
    }
    s += message;
    return s;
}

}  // namespace ys
