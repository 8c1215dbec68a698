// Fuzz: truncated and bit-flipped checkpoints, random pickles and hostile streams (huge memo indices, deep
// nesting, cycles, lying sizes). Every case must give a value or an Error - never a crash, a hang or a huge
// allocation. Run it under the asan preset as well (HACKING.md).
#include "archivewriter.h"
#include "checkpointbuilder.h"
#include "fixtures.h"
#include "picklewriter.h"

#include "weights/checkpoint.h"
#include "weights/internal/ultralytics.h"
#include "weights/pickle.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <random>

using namespace ys;
using ys::test::PickleWriter;

namespace {

struct Tally {
    int cases = 0, values = 0, errors = 0;
};

// Inspects and loads `path`; whatever the file, each call returns (the fuzz fails only by crashing, by an
// exception escaping, or by an Error without a code or a file).
void probe(const std::string& path, Tally& t)
{
    ++t.cases;
    auto info = inspectCheckpoint(path);
    if (!info) {
        ++t.errors;
        QVERIFY(!info.error().code.empty());
        QCOMPARE(info.error().file, path);
        QVERIFY(info.error().message.find("Exception raised from") == std::string::npos);
        return;
    }
    ++t.values;
    auto w = loadUltralyticsWeights(path);
    if (!w) {
        QVERIFY(!w.error().code.empty());
        QVERIFY(w.error().message.find("Exception raised from") == std::string::npos);
    }
}

void probePickle(const std::string& bytes, Tally& t)
{
    ++t.cases;
    auto doc = pickle::unpickle(bytes, "fuzz.pt");
    if (doc) {
        ++t.values;
        (void)doc->repr(doc->root(), 6, 2000);
    } else {
        ++t.errors;
        QCOMPARE(doc.error().code.substr(0, 8), std::string("weights."));
    }
}

}  // namespace

class TestCheckpointFuzz : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        timer_.start();
    }

    void cleanupTestCase()
    {
        qInfo("%d cases (%d read, %d errors) in %.1f s", total_.cases, total_.values, total_.errors,
              timer_.elapsed() / 1000.0);
        QVERIFY(total_.cases >= 300);
    }

    // The hand-built checkpoint truncated at every 8th byte, and a real one at 40 offsets (most near the end,
    // where the zip's central directory is).
    void truncatedFiles()
    {
        const test::Records records = test::handBuiltCheckpoint();
        const std::string whole = path("whole.pt");
        QVERIFY(test::writeArchive(whole, records));
        const std::string bytes = test::readBytes(whole);
        for (size_t n = 0; n < bytes.size(); n += 8)
            probeBytes("cut.pt", bytes.substr(0, n));
        const QString fixtures = test::ultralyticsFixtures();
        if (fixtures.isEmpty())
            return;
        const std::string real = test::readBytes((fixtures + "/coco128-yolov8n/best.pt").toStdString());
        for (int i = 0; i < 40; ++i) {
            const size_t n = i < 10 ? real.size() * size_t(i) / 10 : real.size() - size_t(i - 9) * 97;
            probeBytes("best.pt", real.substr(0, n));
        }
    }

    // Bytes of a real data.pkl flipped (1-4 per case): straight into the pickle reader, and inside an archive
    // (without the weight records, so each case stays small) through inspect and load.
    void flippedPickleBytes()
    {
        const QString fixtures = test::ultralyticsFixtures();
        std::string pkl;
        if (fixtures.isEmpty()) {
            pkl = test::handBuiltCheckpoint().front().second;
        } else {
            test::Records records = test::readArchive((fixtures + "/coco128-yolov8n/best.pt").toStdString());
            pkl = *test::findRecord(records, "data.pkl");
        }
        std::mt19937 rng(11);
        for (int c = 0; c < 300; ++c) {
            std::string m = pkl;
            const int flips = 1 + static_cast<int>(rng() % 4);
            for (int f = 0; f < flips; ++f)
                m[rng() % m.size()] = static_cast<char>(rng() & 0xFF);
            probePickle(m, total_);
            if (c % 3 == 0) {
                const std::string p = path("flip.pt");
                QVERIFY(test::writeArchive(p, {{"data.pkl", m}}));
                probe(p, total_);
            }
        }
        // With the weights: flips in the hand-built checkpoint's pickle, the records intact.
        test::Records hand = test::handBuiltCheckpoint();
        for (int c = 0; c < 60; ++c) {
            test::Records m = hand;
            std::string& p = m.front().second;
            p[rng() % p.size()] = static_cast<char>(rng() & 0xFF);
            const std::string file = path("handflip.pt");
            QVERIFY(test::writeArchive(file, m));
            probe(file, total_);
        }
    }

    void randomPickles()
    {
        std::mt19937 rng(5);
        for (int c = 0; c < 150; ++c) {
            std::string s = c % 2 ? std::string("\x80\x02", 2) : std::string();
            const size_t n = 1 + rng() % 600;
            for (size_t i = 0; i < n; ++i)
                s += static_cast<char>(rng() & 0xFF);
            probePickle(s, total_);
        }
        // Random sequences of valid opcodes (with plausible arguments) reach deeper into the machine.
        static const char ops[] = {'N', ']', '}', ')', '(', 'a', 'e', 's', 'u', 't', 'l', 'd', '0', '1', '2',
                                   'R', 'b', '\x81', '\x85', '\x86', '\x87', '\x88', 'Q', 'h', 'q'};
        for (int c = 0; c < 300; ++c) {
            PickleWriter w;
            w.proto();
            const int n = 5 + static_cast<int>(rng() % 60);
            for (int i = 0; i < n; ++i) {
                switch (rng() % 6) {
                case 0: w.integer(static_cast<int64_t>(rng() % 5)); break;
                case 1: w.str(rng() % 2 ? "storage" : "_modules"); break;
                case 2: w.global(rng() % 2 ? "collections" : "torch", rng() % 2 ? "OrderedDict" : "HalfStorage"); break;
                case 3: w.global("torch._utils", rng() % 2 ? "_rebuild_tensor_v2" : "_rebuild_parameter"); break;
                default: w.op(ops[rng() % sizeof ops]); if (w.b.back() == 'h' || w.b.back() == 'q') w.byte(static_cast<int>(rng() % 4)); break;
                }
            }
            w.stop();
            probePickle(w.b, total_);
        }
    }

    void hostileStreams()
    {
        auto archiveOf = [&](const char* name, const std::string& pkl) {
            const std::string p = path(name);
            if (!test::writeArchive(p, {{"data.pkl", pkl}}))
                qFatal("could not write %s", p.c_str());
            return p;
        };
        auto errorOf = [&](const std::string& p) {
            ++total_.cases;
            ++total_.errors;
            auto info = inspectCheckpoint(p);
            return info ? std::string("no error") : info.error().message;
        };
        // A huge LONG_BINGET / LONG_BINPUT index: a memo miss, and no 4-billion-entry memo allocated.
        std::string m = errorOf(archiveOf("binget.pt", PickleWriter().proto().op('j').le(0xFFFFFFFFu, 4).stop().b));
        QVERIFY2(m == "data.pkl, byte 2: memo index 4294967295 was never stored", m.c_str());
        m = errorOf(archiveOf("binput.pt", PickleWriter().proto().none().op('r').le(0xFFFFFFFFu, 4).stop().b));
        QVERIFY2(m.find("is beyond the limit") != std::string::npos, m.c_str());
        // 100,000 lists nested in each other; 1,000,000 MARKs.
        PickleWriter deep;
        deep.proto();
        for (int i = 0; i < 100000; ++i)
            deep.emptyList();
        for (int i = 0; i < 99999; ++i)
            deep.append();
        m = errorOf(archiveOf("deep.pt", deep.stop().b));
        QVERIFY2(m.find("nested deeper than") != std::string::npos, m.c_str());
        PickleWriter marks;
        marks.proto();
        for (int i = 0; i < 1000000; ++i)
            marks.mark();
        m = errorOf(archiveOf("marks.pt", marks.stop().b));
        QVERIFY2(m.find("stack underflow") != std::string::npos, m.c_str());
        // A string that claims 4 GiB.
        m = errorOf(archiveOf("bigstr.pt", PickleWriter().proto().op('X').le(0xFFFFFFFFu, 4).raw("abc").b));
        QVERIFY2(m.find("runs past the end") != std::string::npos, m.c_str());
        // A module that contains itself: {'model': DetectionModel{_modules: {'model': <itself>}}}.
        PickleWriter cyc;
        cyc.proto().emptyDict().str("model").global("ultralytics.nn.tasks", "DetectionModel").emptyTuple().newobj()
            .put(1).emptyDict().str("_modules").emptyDict().str("model").get(1).setitem().setitem().build().setitem()
            .stop();
        m = errorOf(archiveOf("cycle.pt", cyc.b));
        QVERIFY2(m == "model contains itself", m.c_str());
        // A storage that claims 2^40 elements over a 4-byte record: refused when the record is read, never
        // allocated.
        test::Records lying = test::handBuiltCheckpoint();
        std::string& pkl = lying.front().second;
        const char fromBytes[] = "X\x01\x00\x00\x00" "1X\x03\x00\x00\x00" "cpuK\x01";  // key '1', 'cpu', numel 1
        const std::string from(fromBytes, sizeof fromBytes - 1);
        const size_t at = pkl.find(from);
        QVERIFY(at != std::string::npos);
        PickleWriter numel;
        numel.integer(int64_t(1) << 40);
        pkl.replace(at + from.size() - 2, 2, numel.b);
        const std::string lyingPath = path("lying.pt");
        QVERIFY(test::writeArchive(lyingPath, lying));
        ++total_.cases;
        ++total_.errors;
        auto w = loadUltralyticsWeights(lyingPath);
        QVERIFY(!w.ok());
        QVERIFY2(w.error().message.find("record data/1 holds 4 bytes, its storage needs 4398046511104") !=
                     std::string::npos,
                 w.error().message.c_str());
    }

private:
    std::string path(const char* name) const { return (tmp_.path() + "/" + name).toStdString(); }
    void probeBytes(const char* name, const std::string& bytes)
    {
        const std::string p = path(name);
        std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
        probe(p, total_);
    }

    QTemporaryDir tmp_;
    QElapsedTimer timer_;
    Tally total_;
};

QTEST_APPLESS_MAIN(TestCheckpointFuzz)
#include "test_checkpoint_fuzz.moc"
