// Static file resolution under --web: only files inside the folder, whatever the target says.
#include "server/static_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "server/metrics.h"
#include "server/status_page.h"

namespace allegra::server {
namespace {

namespace fs = std::filesystem;

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() /
            ("allegra_static_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "_" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(base_ / "web" / "assets");
    fs::create_directories(base_ / "web" / "help");
    std::ofstream(base_ / "web" / "index.html") << "index";
    std::ofstream(base_ / "web" / "assets" / "app.js") << "js";
    std::ofstream(base_ / "web" / "help" / "index.html") << "help";
    std::ofstream(base_ / "secret.txt") << "secret";
    fs::create_symlink(base_ / "secret.txt", base_ / "web" / "link.txt");
  }
  void TearDown() override { fs::remove_all(base_); }
  std::optional<fs::path> resolve(std::string_view target) {
    return resolve_static(base_ / "web", target);
  }
  fs::path real(const std::string& rel) { return fs::canonical(base_ / "web" / rel); }
  fs::path base_;
};

TEST_F(StaticFilesTest, ResolvesFilesAndFolders) {
  EXPECT_EQ(resolve("/"), real("index.html"));
  EXPECT_EQ(resolve("/index.html"), real("index.html"));
  EXPECT_EQ(resolve("/assets/app.js?v=1#x"), real("assets/app.js"));
  EXPECT_EQ(resolve("/assets/%61pp.js"), real("assets/app.js"));
  EXPECT_EQ(resolve("/help/"), real("help/index.html"));
  EXPECT_EQ(resolve("/help"), real("help/index.html"));
}

TEST_F(StaticFilesTest, RefusesEverythingOutsideTheFolder) {
  for (const char* target :
       {"/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
        "/assets/..%2f..%2fsecret.txt", "/./index.html", "/link.txt", "/..\\secret.txt", "/a%00b",
        "/%", "/%4", "/%zz", "//etc/passwd", "/%2fetc/passwd", "", "index.html", "/missing",
        "/assets"})
    EXPECT_EQ(resolve(target), std::nullopt) << target;
}

TEST(ContentTypeTest, ByExtension) {
  EXPECT_EQ(content_type("a/index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type("app.JS"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type("x.woff2"), "font/woff2");
  EXPECT_EQ(content_type("README"), "application/octet-stream");
}

TEST(StatusPageTest, EscapesWhatTheRequestSays) {
  StatusInfo info;
  info.version = "0.1.0";
  info.table_code = "<b>\"x\"&'";
  const std::string page = status_page(info);
  EXPECT_NE(page.find("&lt;b&gt;&quot;x&quot;&amp;&#39;"), std::string::npos);
  EXPECT_EQ(page.find("<b>\""), std::string::npos);
}

TEST(MetricsTest, HistogramIsCumulativeAndRateSpansTenSeconds) {
  Histogram h;
  h.observe(0.0001);
  h.observe(0.003);
  h.observe(10);
  std::string out;
  h.write(out, "x", "help");
  EXPECT_NE(out.find("x_bucket{le=\"0.0005\"} 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_bucket{le=\"0.005\"} 2\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_bucket{le=\"2.5\"} 2\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_bucket{le=\"+Inf\"} 3\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_count 3\n"), std::string::npos) << out;
  ActionRate rate;
  EXPECT_EQ(rate.per_second(), 0);
  for (uint64_t s = 0; s <= 30; ++s) rate.sample(s * 7);  // 7 actions a second
  EXPECT_DOUBLE_EQ(rate.per_second(), 7);
}

TEST(StaticCacheTest, HashedAssetsAreImmutableAndEverythingElseIsRevalidated) {
  for (const char* path : {"/assets/index-3f9a1c.js", "/assets/font-77aa.woff2"})
    EXPECT_EQ(cache_control(path), "public, max-age=31536000, immutable") << path;
  for (const char* path : {"/", "/index.html", "/favicon.ico", "/assets/"})
    EXPECT_EQ(cache_control(path), "no-cache") << path;
}

TEST(StaticContentTypeTest, TheWebClientsFiles) {
  const std::map<std::string, std::string> types = {
      {"a.js", "text/javascript; charset=utf-8"},
      {"a.mjs", "text/javascript; charset=utf-8"},
      {"a.css", "text/css; charset=utf-8"},
      {"a.svg", "image/svg+xml"},
      {"a.png", "image/png"},
      {"favicon.ico", "image/x-icon"},
      {"a.json", "application/json"},
      {"a.woff2", "font/woff2"},
      {"site.webmanifest", "application/manifest+json"}};
  for (const auto& [file, type] : types) EXPECT_EQ(content_type(file), type) << file;
}

TEST(AcceptEncodingTest, NamesStarAndQZero) {
  EXPECT_TRUE(accepts_encoding("gzip, deflate, br", "br"));
  EXPECT_TRUE(accepts_encoding("gzip, deflate, br", "gzip"));
  EXPECT_TRUE(accepts_encoding("GZIP;q=0.5", "gzip"));
  EXPECT_TRUE(accepts_encoding("*", "br"));
  EXPECT_FALSE(accepts_encoding("", "gzip"));
  EXPECT_FALSE(accepts_encoding("identity", "gzip"));
  EXPECT_FALSE(accepts_encoding("br;q=0, gzip", "br"));
  EXPECT_FALSE(accepts_encoding("br;q=0.000", "br"));
  EXPECT_FALSE(accepts_encoding("*, br;q=0", "br"));  // the name decides over the star
  EXPECT_TRUE(accepts_encoding("*;q=0, br", "br"));
  EXPECT_FALSE(accepts_encoding("*;q=0", "gzip"));
  EXPECT_FALSE(accepts_encoding("gzipx, xbr", "gzip"));
  EXPECT_FALSE(accepts_encoding(",,;;;q=", "br"));
}

TEST_F(StaticFilesTest, PrecompressedSiblingsByAcceptEncoding) {
  const fs::path js = real("assets/app.js");
  EXPECT_EQ(precompressed(js, "gzip, br").path, js);  // no siblings yet
  std::ofstream(base_ / "web" / "assets" / "app.js.gz") << "gz";
  EXPECT_EQ(precompressed(js, "gzip, br").encoding, "gzip");
  EXPECT_EQ(precompressed(js, "gzip, br").path, fs::path(js.string() + ".gz"));
  std::ofstream(base_ / "web" / "assets" / "app.js.br") << "br";
  EXPECT_EQ(precompressed(js, "gzip, deflate, br").encoding, "br");
  EXPECT_EQ(precompressed(js, "gzip").encoding, "gzip");
  EXPECT_EQ(precompressed(js, "br;q=0, gzip").encoding, "gzip");
  EXPECT_EQ(precompressed(js, "").encoding, "");
  EXPECT_EQ(precompressed(js, "identity").path, js);
  // A symlinked sibling is never followed out of the folder.
  const fs::path index = real("index.html");
  fs::create_symlink(base_ / "secret.txt", base_ / "web" / "index.html.br");
  EXPECT_EQ(precompressed(index, "br").path, index);
}

}  // namespace
}  // namespace allegra::server
