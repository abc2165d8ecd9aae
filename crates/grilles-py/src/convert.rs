//! Plain data to Python: the engines' serde forms (reports, records, statistics) become
//! dicts, lists, strings and numbers, and records are read back from JSON text.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use crate::errors::{record_err, value_err};

/// A JSON value as Python data.
pub fn to_py(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    match v {
        Value::Null => Ok(py.None()),
        Value::Bool(b) => b.into_py_any(py),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_py_any(py),
            (None, Some(u)) => u.into_py_any(py),
            _ => n.as_f64().unwrap_or(f64::NAN).into_py_any(py),
        },
        Value::String(s) => s.into_py_any(py),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_py_any(py)
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict.into_py_any(py)
        }
    }
}

/// Any serializable value as Python data.
pub fn data<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let v = serde_json::to_value(value).map_err(value_err)?;
    to_py(py, &v)
}

/// JSON text of a serializable value.
pub fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(value_err)
}

/// A record read from JSON text: a `RecordError` with serde's message (line and column)
/// when it is not one.
pub fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> PyResult<T> {
    serde_json::from_str(text).map_err(|e| record_err(format!("not a record: {e}")))
}
