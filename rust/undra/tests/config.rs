//! Undra.toml: every key checked, every refusal coded and naming what was wrong.

use std::path::PathBuf;
use undra::config::{Config, Observation, Runtime, Version};

fn parse(text: &str) -> Result<Config, (String, String)> {
    Config::parse(text, PathBuf::from("app"), None).map_err(|refusal| (refusal.code.to_string(), refusal.message))
}

fn refusal(text: &str) -> (String, String) {
    parse(text).expect_err("a refusal")
}

#[test]
fn the_defaults_follow_the_floor() {
    let config = parse("[app]\nname = \"Todo\"\n").unwrap();
    assert_eq!(config.deployment_target, Version { major: 17, minor: 0 });
    assert_eq!(config.observation, Observation::Observation);
    assert_eq!(config.core_path, PathBuf::from("core"));
    assert_eq!(config.swift_package, PathBuf::from("TodoKit"));
    assert_eq!(config.module(), "TodoKit");
    assert_eq!(config.core_type(), "TodoCore");
    assert_eq!(config.c_module(), "CTodoCore");
    assert_eq!(
        config.runtime,
        Runtime::Url { url: undra::config::DEFAULT_RUNTIME_URL.to_string(), version: "0.1.0".to_string() }
    );
    let low = parse("[app]\nname = \"Todo\"\n[ios]\ndeployment_target = \"15.0\"\n").unwrap();
    assert_eq!(low.observation, Observation::ObservableObject);
    let sixteen = parse("[app]\nname = \"Todo\"\n[ios]\ndeployment_target = \"16.4\"\n").unwrap();
    assert_eq!(sixteen.deployment_target, Version { major: 16, minor: 4 });
    assert_eq!(sixteen.observation, Observation::ObservableObject);
    let forced = parse("[app]\nname = \"Todo\"\n[ios]\ndeployment_target = \"18.0\"\n[bindings]\nswift_observation = \"observable-object\"\n").unwrap();
    assert_eq!(forced.observation, Observation::ObservableObject);
}

#[test]
fn observation_below_17_names_both_settings() {
    assert_eq!(
        refusal("[app]\nname = \"Todo\"\n[ios]\ndeployment_target = \"15.0\"\n[bindings]\nswift_observation = \"observation\"\n"),
        (
            "E0005".to_string(),
            "[bindings] swift_observation = \"observation\" needs [ios] deployment_target 17.0 or later, and it is 15.0: \
             Observation begins with iOS 17. Use \"observable-object\", or raise deployment_target"
                .to_string()
        )
    );
    let flag = Config::parse(
        "[app]\nname = \"Todo\"\n[ios]\ndeployment_target = \"16.0\"\n",
        PathBuf::from("."),
        Some("observation"),
    )
    .unwrap_err();
    assert_eq!(flag.code, "E0005");
    assert!(
        flag.message.starts_with("--swift-observation observation needs [ios] deployment_target 17.0"),
        "{}",
        flag.message
    );
    let bad_flag = Config::parse("[app]\nname = \"Todo\"\n", PathBuf::from("."), Some("observables")).unwrap_err();
    assert_eq!(
        (bad_flag.code, bad_flag.message.as_str()),
        ("E0004", "--swift-observation observables: not \"observation\" or \"observable-object\"")
    );
}

#[test]
fn a_typo_is_never_ignored() {
    assert_eq!(
        refusal("[app]\nname = \"Todo\"\n[ios]\ndeployment_targte = \"15.0\"\n"),
        (
            "E0003".to_string(),
            "[ios] in Undra.toml has no key deployment_targte (its keys: deployment_target)".to_string()
        )
    );
    assert_eq!(
        refusal("[app]\nname = \"Todo\"\n[bindigns]\nswift_observation = \"observation\"\n"),
        (
            "E0003".to_string(),
            "Undra.toml has no section [bindigns] (its sections: [app], [core], [ios], [bindings])".to_string()
        )
    );
    assert_eq!(
        refusal("[app]\nname = \"Todo\"\n[bindings]\nswift_observation = \"Observation\"\n"),
        ("E0004".to_string(), "[bindings] swift_observation = \"Observation\" in Undra.toml: not \"observation\" or \"observable-object\"".to_string())
    );
}

#[test]
fn values_out_of_range_say_which_and_why() {
    for (target, why) in [
        ("14.0", "\"14.0\" is below 15.0, the lowest floor UndraRuntime supports"),
        ("fifteen", "\"fifteen\" is not a version (write it as \"15.0\")"),
        ("15.0.1", "\"15.0.1\" is not a version (write it as \"15.0\")"),
        ("", "\"\" is not a version (write it as \"15.0\")"),
    ] {
        assert_eq!(
            refusal(&format!("[app]\nname = \"Todo\"\n[ios]\ndeployment_target = \"{target}\"\n")),
            ("E0004".to_string(), format!("[ios] deployment_target = \"{target}\" in Undra.toml: {why}"))
        );
    }
    assert_eq!(
        refusal("[app]\nname = \"Todo\"\n[ios]\ndeployment_target = 15.0\n"),
        ("E0004".to_string(), "[ios] deployment_target in Undra.toml must be a string, not float".to_string())
    );
    assert_eq!(
        refusal("[app]\nname = \"todo\"\n"),
        ("E0004".to_string(), "[app] name = \"todo\" in Undra.toml: an app's name begins with an ASCII capital letter (Todo, ReadingList)".to_string())
    );
    assert_eq!(refusal("[ios]\ndeployment_target = \"15.0\"\n").0, "E0006");
    assert_eq!(refusal("[app\nname = 1").0, "E0002");
    assert_eq!(
        refusal(
            "[app]\nname = \"Todo\"\n[bindings]\nruntime_path = \"..\"\nruntime_url = \"https://example.com/x.git\"\n"
        )
        .0,
        "E0004"
    );
}
