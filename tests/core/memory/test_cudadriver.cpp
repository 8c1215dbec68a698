// The NVIDIA driver probe (memory/cudadriver.h) against a fake libcuda.so.1 (tests/support/fakecuda) whose
// answers come from the environment, a missing library, and files that are no driver: each problem a GPU
// user meets first, named in one line with its figures. No LibTorch in this process, so the fake may even
// report a usable GPU here.
#include "memory/cudadriver.h"

#include <QTemporaryDir>
#include <QtTest>

using ys::memory::CudaDriverProblem;
using ys::memory::CudaDriverProbe;
using ys::memory::CudaDriverStatus;

Q_DECLARE_METATYPE(CudaDriverProblem)

namespace {

constexpr int kCuda130 = 13000;   // what the torch wheel's LibTorch is built with

const QString kFakeDriver = QStringLiteral(YS_FAKE_CUDA_DIR "/libcuda.so.1");

// Sets the fake's answers for one probe and clears them afterwards, so that cases do not leak into each other.
class FakeAnswers {
public:
    FakeAnswers(int version, int init, int devices)
    {
        qputenv("FAKE_CUDA_VERSION", QByteArray::number(version));
        qputenv("FAKE_CUDA_INIT", QByteArray::number(init));
        qputenv("FAKE_CUDA_DEVICES", QByteArray::number(devices));
    }
    ~FakeAnswers()
    {
        for (const char* name : {"FAKE_CUDA_VERSION", "FAKE_CUDA_INIT", "FAKE_CUDA_DEVICES"})
            qunsetenv(name);
    }
};

CudaDriverProbe fakeProbe(int buildVersion = kCuda130)
{
    CudaDriverProbe p;
    p.library = kFakeDriver.toStdString();
    p.buildCudaVersion = buildVersion;
    return p;
}

QString reasonOf(const CudaDriverStatus& s)
{
    return QString::fromStdString(s.reason);
}

}  // namespace

class TestCudaDriver final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void noDriverLibrary();
    void onWslTheWindowsDriverFolderIsNamed();
    void aLibraryThatIsNoDriver();
    void driverAnswers_data();
    void driverAnswers();
    void wslDetection();
    void versionsAndNames();
};

void TestCudaDriver::initTestCase()
{
    QVERIFY2(QFileInfo::exists(kFakeDriver), qPrintable(kFakeDriver + " was not built"));
}

void TestCudaDriver::noDriverLibrary()
{
    CudaDriverProbe p = fakeProbe();
    p.library = "/nonexistent/driver/libcuda.so.1";
    const CudaDriverStatus s = ys::memory::probeCudaDriver(p);
    QVERIFY(!s.usable);
    QCOMPARE(s.problem, CudaDriverProblem::NoDriver);
    QCOMPARE(reasonOf(s), QString("no NVIDIA driver (libcuda.so.1 not found)"));
    QCOMPARE(s.minimumDriver, 580);
}

void TestCudaDriver::onWslTheWindowsDriverFolderIsNamed()
{
    CudaDriverProbe p = fakeProbe();
    p.library = "/nonexistent/driver/libcuda.so.1";
    p.wsl = true;
    const CudaDriverStatus s = ys::memory::probeCudaDriver(p);
    QCOMPARE(s.problem, CudaDriverProblem::NoDriver);
    QVERIFY(s.wsl);
    const QString r = reasonOf(s);
    QVERIFY2(r.startsWith("no NVIDIA driver (libcuda.so.1 not found); on WSL2 the Windows NVIDIA driver provides "
                          "it in /usr/lib/wsl/lib"), qPrintable(r));
    QVERIFY2(r.contains("ldconfig") && r.contains("LD_LIBRARY_PATH"), qPrintable(r));
    QVERIFY(!r.contains('\n'));
    // A driver that is found is not a WSL matter: the fake's old version is the reason.
    FakeAnswers old(12040, 0, 1);
    p.library = kFakeDriver.toStdString();
    QCOMPARE(ys::memory::probeCudaDriver(p).problem, CudaDriverProblem::DriverTooOld);
}

void TestCudaDriver::aLibraryThatIsNoDriver()
{
    // A file by the driver's name that is no library: dlopen's own words, not "not found".
    QTemporaryDir dir;
    const QString text = dir.filePath("libcuda.so.1");
    QFile f(text);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a shared library\n");
    f.close();
    CudaDriverProbe p = fakeProbe();
    p.library = text.toStdString();
    CudaDriverStatus s = ys::memory::probeCudaDriver(p);
    QCOMPARE(s.problem, CudaDriverProblem::DriverUnloadable);
    QVERIFY2(reasonOf(s).startsWith("the NVIDIA driver's libcuda.so.1 cannot be loaded ("), qPrintable(reasonOf(s)));
    QVERIFY2(!s.detail.empty() && reasonOf(s).contains(QString::fromStdString(s.detail)), qPrintable(reasonOf(s)));
    // A real library without the driver API.
    p.library = "libm.so.6";
    s = ys::memory::probeCudaDriver(p);
    QCOMPARE(s.problem, CudaDriverProblem::DriverUnloadable);
    QCOMPARE(reasonOf(s), QString("the NVIDIA driver's libm.so.6 cannot be loaded (it lacks cuInit)"));
}

void TestCudaDriver::driverAnswers_data()
{
    QTest::addColumn<int>("version");
    QTest::addColumn<int>("init");
    QTest::addColumn<int>("devices");
    QTest::addColumn<QByteArray>("visible");   // CUDA_VISIBLE_DEVICES; null: not set
    QTest::addColumn<int>("buildVersion");
    QTest::addColumn<CudaDriverProblem>("problem");
    QTest::addColumn<QString>("reason");       // the whole line, or empty for a usable driver

    const QByteArray unset;
    QTest::newRow("usable") << 13000 << 0 << 2 << unset << kCuda130 << CudaDriverProblem::None << QString();
    QTest::newRow("too old") << 12040 << 0 << 1 << unset << kCuda130 << CudaDriverProblem::DriverTooOld
                             << "the NVIDIA driver supports CUDA 12.4; this build needs CUDA 13.0 (driver 580 or newer)";
    // The old driver is named even when it sees no GPU: a GPU made visible would still not run this build.
    QTest::newRow("too old, no GPU") << 12080 << 100 << 0 << unset << kCuda130 << CudaDriverProblem::DriverTooOld
                                     << "the NVIDIA driver supports CUDA 12.8; this build needs CUDA 13.0 (driver 580 or newer)";
    // Minor-version compatibility: a CUDA 13.0 driver runs a CUDA 13.2 build.
    QTest::newRow("minor newer build") << 13000 << 0 << 1 << unset << 13020 << CudaDriverProblem::None << QString();
    QTest::newRow("CPU-only build: no version check") << 11080 << 0 << 1 << unset << 0 << CudaDriverProblem::None
                                                      << QString();
    QTest::newRow("cuInit: no device") << 13000 << 100 << 0 << unset << kCuda130 << CudaDriverProblem::NoDevice
                                       << "the NVIDIA driver sees no GPU";
    QTest::newRow("counts none") << 13000 << 0 << 0 << unset << kCuda130 << CudaDriverProblem::NoDevice
                                 << "the NVIDIA driver sees no GPU";
    QTest::newRow("hidden by an empty CUDA_VISIBLE_DEVICES")
        << 13000 << 100 << 0 << QByteArray("") << kCuda130 << CudaDriverProblem::NoDevice
        << "the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=\"\" hides every GPU)";
    QTest::newRow("CUDA_VISIBLE_DEVICES names no GPU")
        << 13000 << 0 << 0 << QByteArray("3") << kCuda130 << CudaDriverProblem::NoDevice
        << "the NVIDIA driver sees no GPU with CUDA_VISIBLE_DEVICES=\"3\"";
    QTest::newRow("cuInit 999") << 13000 << 999 << 0 << unset << kCuda130 << CudaDriverProblem::InitFailed
                                << "the NVIDIA driver failed to start (cuInit returned 999, CUDA_ERROR_UNKNOWN); often "
                                   "the nvidia-uvm kernel module is not loaded (sudo modprobe nvidia-uvm)";
    QTest::newRow("cuInit 3") << 13000 << 3 << 0 << unset << kCuda130 << CudaDriverProblem::InitFailed
                              << "the NVIDIA driver failed to start (cuInit returned 3, CUDA_ERROR_NOT_INITIALIZED)";
    QTest::newRow("cuInit 803") << 13000 << 803 << 0 << unset << kCuda130 << CudaDriverProblem::InitFailed
                                << "the NVIDIA driver failed to start (cuInit returned 803, "
                                   "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH); the driver's kernel module and libcuda.so.1 "
                                   "differ in version (reboot after a driver update)";
    QTest::newRow("cuInit, unknown code") << 13000 << 4242 << 0 << unset << kCuda130 << CudaDriverProblem::InitFailed
                                          << "the NVIDIA driver failed to start (cuInit returned 4242)";
}

void TestCudaDriver::driverAnswers()
{
    QFETCH(int, version);
    QFETCH(int, init);
    QFETCH(int, devices);
    QFETCH(QByteArray, visible);
    QFETCH(int, buildVersion);
    QFETCH(CudaDriverProblem, problem);
    QFETCH(QString, reason);
    const FakeAnswers answers(version, init, devices);
    CudaDriverProbe p = fakeProbe(buildVersion);
    if (!visible.isNull())
        p.visibleDevices = visible.toStdString();
    const CudaDriverStatus s = ys::memory::probeCudaDriver(p);
    QCOMPARE(s.problem, problem);
    QCOMPARE(reasonOf(s), reason);
    QCOMPARE(s.usable, problem == CudaDriverProblem::None);
    QCOMPARE(s.driverCudaVersion, version);
    QCOMPARE(s.buildCudaVersion, buildVersion);
    if (problem == CudaDriverProblem::None)
        QCOMPARE(s.deviceCount, devices);
    if (problem == CudaDriverProblem::InitFailed) {
        QCOMPARE(s.errorCode, init);
        QCOMPARE(QString::fromStdString(s.call), QString("cuInit"));
    }
}

void TestCudaDriver::wslDetection()
{
    QTemporaryDir dir;
    const auto writeVersion = [&](const QByteArray& text) {
        QFile f(dir.filePath("version"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
    };
    const std::string version = dir.filePath("version").toStdString();
    const std::string noFolder = dir.filePath("no-wsl-lib").toStdString();
    writeVersion("Linux version 5.15.153.1-microsoft-standard-WSL2 (root@65c757a075e2) (gcc (GCC) 11.2.0)\n");
    QVERIFY(ys::memory::looksLikeWsl(version, noFolder));
    writeVersion("Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com) (gcc version 5.4.0)\n");
    QVERIFY(ys::memory::looksLikeWsl(version, noFolder));
    writeVersion("Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0)\n");
    QVERIFY(!ys::memory::looksLikeWsl(version, noFolder));
    // The Windows driver's folder alone says WSL (a custom kernel may not name Microsoft).
    QVERIFY(QDir(dir.path()).mkpath("usr/lib/wsl/lib"));
    QVERIFY(ys::memory::looksLikeWsl(version, dir.filePath("usr/lib/wsl/lib").toStdString()));
    QVERIFY(!ys::memory::looksLikeWsl(dir.filePath("absent").toStdString(), noFolder));
}

void TestCudaDriver::versionsAndNames()
{
    QCOMPARE(QString::fromStdString(ys::memory::cudaVersionText(12040)), QString("12.4"));
    QCOMPARE(QString::fromStdString(ys::memory::cudaVersionText(13000)), QString("13.0"));
    QCOMPARE(QString::fromStdString(ys::memory::cudaVersionText(11080)), QString("11.8"));
    QCOMPARE(ys::memory::minimumDriverFor(13000), 580);
    QCOMPARE(ys::memory::minimumDriverFor(12060), 525);
    QCOMPARE(ys::memory::minimumDriverFor(14000), 0);
    QCOMPARE(QString(ys::memory::cudaErrorName(100)), QString("CUDA_ERROR_NO_DEVICE"));
    QVERIFY(ys::memory::cudaErrorName(4242) == nullptr);
}

QTEST_GUILESS_MAIN(TestCudaDriver)
#include "test_cudadriver.moc"
