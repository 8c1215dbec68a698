#include "common/severity.h"

namespace ys {

const char* toString(Severity s)
{
    switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "?";
}

}  // namespace ys
